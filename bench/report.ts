import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { LoadResult } from './load.js';

/** The Node.js the bench and every server it spawns run on: figures differ between its versions. */
export const NODE = process.version;

export interface Row {
  section: string;
  scenario: string;
  /** The measured figure as shown: `12.3k req/s`, `180 ms`, `410 MiB`. */
  figure: string;
  p50?: number;
  p99?: number;
  /** mock-api's figure over the baseline's (or large world over default world, rules over none). */
  ratio?: number;
  goal: string;
  /** Whether the goal is reached; undefined for a figure shown for information only. */
  met?: boolean;
  note?: string;
  raw?: Record<string, unknown>;
}

export class Report {
  readonly rows: (Row & { node: string })[] = [];
  readonly skipped: { section: string; line: string }[] = [];

  add(row: Row) {
    this.rows.push({ ...row, node: NODE });
    const cells = [
      row.scenario.padEnd(52),
      row.figure.padStart(12),
      NODE.padStart(9),
      (row.p50 === undefined ? '' : `${row.p50} ms`).padStart(7),
      (row.p99 === undefined ? '' : `${row.p99} ms`).padStart(7),
      (row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`).padStart(7),
      row.goal.padEnd(20),
      row.met === undefined ? 'info' : row.met ? 'pass' : 'MISS',
    ];
    process.stdout.write(`  ${cells.join('  ')}${row.note ? `  (${row.note})` : ''}\n`);
  }

  skip(section: string, line: string) {
    this.skipped.push({ section, line });
    process.stdout.write(`  skipped: ${line}\n`);
  }

  section(title: string) {
    process.stdout.write(`\n${title}\n`);
    const head = [
      'scenario'.padEnd(52),
      'figure'.padStart(12),
      'node'.padStart(9),
      'p50'.padStart(7),
      'p99'.padStart(7),
      'ratio'.padStart(7),
      'goal'.padEnd(20),
      'result',
    ];
    process.stdout.write(`  ${head.join('  ')}\n`);
  }

  summary(): string {
    const met = this.rows.filter((r) => r.met === true).length;
    const missed = this.rows.filter((r) => r.met === false);
    const lines = [
      '',
      `summary (Node.js ${NODE}): ${met} met, ${missed.length} missed, ${this.skipped.length} skipped`,
      ...missed.map(
        (r) =>
          `  missed: ${r.section}: ${r.scenario}: ${r.figure}${r.ratio === undefined ? '' : ` (${r.ratio.toFixed(2)}x)`}, goal ${r.goal}`,
      ),
    ];
    return lines.join('\n');
  }

  write(file: string, meta: Record<string, unknown>) {
    const body = {
      at: new Date().toISOString(),
      node: NODE,
      cpus: cpus().length,
      ...meta,
      rows: this.rows,
      skipped: this.skipped,
    };
    writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  }
}

export const rate = (rps: number) => (rps >= 1000 ? `${(rps / 1000).toFixed(1)}k req/s` : `${rps.toFixed(0)} req/s`);
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;

/** Describes a run that answered anything but 2xx, so its figure is not taken at face value. */
export function failureNote(result: LoadResult): string | undefined {
  if (result.failures === 0) return undefined;
  const codes = Object.entries(result.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}x${code}`)
    .join(' ');
  return `${result.failures} of ${result.requests} not 2xx${codes ? `: ${codes}` : ''}`;
}

/** CPU per request of both sides and their ratio (baseline over subject, like the throughput ratio). */
export function cpuNote(subject: LoadResult, baseline: LoadResult, label: string): string | undefined {
  if (!Number.isFinite(subject.cpuUs) || !Number.isFinite(baseline.cpuUs) || subject.cpuUs === 0) return undefined;
  return `cpu ${subject.cpuUs.toFixed(0)} vs ${label} ${baseline.cpuUs.toFixed(0)} us/req (${(baseline.cpuUs / subject.cpuUs).toFixed(2)}x)`;
}
