// What `mock-api drift` prints: one line per difference and the summary, or the same as JSON for CI.
import type { ReplayedEntry } from './drift.js';

export interface DriftSummary {
  status: { same: number; total: number };
  messages: { same: number; total: number };
  shapes: { same: number; total: number };
}

export function summarize(replayed: ReplayedEntry[]): DriftSummary {
  const count = (pick: (entry: ReplayedEntry) => { same: boolean } | undefined) => {
    const compared = replayed.map(pick).filter((part) => part !== undefined);
    return { same: compared.filter((part) => part.same).length, total: compared.length };
  };
  return {
    status: count((entry) => entry.comparison.status),
    messages: count((entry) => entry.comparison.message),
    shapes: count((entry) => entry.comparison.shape),
  };
}

export const differs = (summary: DriftSummary) => Object.values(summary).some(({ same, total }) => same !== total);

export const summaryLine = ({ status, messages, shapes }: DriftSummary) =>
  `status ${status.same}/${status.total}, messages ${messages.same}/${messages.total}, shapes ${shapes.same}/${shapes.total}`;

const quoted = (text: string | null) => (text === null ? 'none' : JSON.stringify(text));

/** One line per difference: `#3 PUT /api/1/groups/grp_x: status 400 recorded, 404 simulated`. */
export function differenceLines(replayed: ReplayedEntry[]): string[] {
  return replayed.flatMap(({ entry, method, path, comparison: { status, message, shape } }) => {
    const at = `#${entry} ${method} ${path}`;
    const lines: string[] = [];
    if (!status.same) lines.push(`${at}: status ${status.recorded} recorded, ${status.simulated} simulated`);
    if (message && !message.same) lines.push(`${at}: message ${quoted(message.recorded)} recorded, ${quoted(message.simulated)} simulated`);
    if (shape && !shape.same) {
      const sides = [
        shape.onlyRecorded.length ? `only recorded: ${shape.onlyRecorded.join(', ')}` : '',
        shape.onlySimulated.length ? `only simulated: ${shape.onlySimulated.join(', ')}` : '',
      ];
      lines.push(`${at}: keys ${sides.filter(Boolean).join('; ')}`);
    }
    return lines;
  });
}

/** The report as `--json` prints it: every difference by entry, and the summary. */
export function driftJson(replayed: ReplayedEntry[]) {
  const differences = replayed.filter(
    ({ comparison: { status, message, shape } }) => !status.same || message?.same === false || shape?.same === false,
  );
  return { summary: summarize(replayed), differences };
}
