import { generatedKinds } from '../src/store/generators/counts.js';
import { load } from './load.js';
import { memoryOf, spawnServer, type Spawned } from './processes.js';
import { cpuNote, failureNote, ms, rate, type Report } from './report.js';
import { compare, type Servers } from './sections.js';
import { firstRequest, mockArgs, settings } from './settings.js';
import { jsonHeaders, login, type Target } from './targets.js';

/** The large world of the issue; --quick generates a tenth of it. */
export const largeWorld: Record<string, number> = {
  users: 100_000,
  groups: 10_000,
  calendarEvents: 1_000_000,
  avatars: 100_000,
  files: 100_000,
  /** Worlds (and about as many instances) for world search; made at start-up, unlike the recipes above. */
  worlds: 20_000,
};

const MiB_GOAL = 1024;

/** How many items a list answer holds (a bare array, or `results`); undefined for a single record. */
function pageSize(answer: unknown): number | undefined {
  if (Array.isArray(answer)) return answer.length;
  const results = (answer as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results.length : undefined;
}

/** The same read on the default world (A) and on the large one (B), A B A B. */
async function compareWorlds(
  report: Report,
  servers: Servers,
  large: Spawned,
  cookie: string,
  onDefault: Target,
  onLarge: Target,
  label: string,
  judged: boolean,
) {
  const { a: small, b: big } = await compare(
    (seconds) => load(servers.mock, onDefault, jsonHeaders(servers.cookie), seconds),
    (seconds) => load(large, onLarge, jsonHeaders(cookie), seconds),
  );
  const ratio = big.rps / small.rps;
  report.add({
    section: '3. scale',
    scenario: `large: ${label}`,
    figure: rate(big.rps),
    p50: big.p50,
    p99: big.p99,
    ratio,
    goal: judged ? '>= 0.5x default world' : 'against default world',
    met: judged ? ratio >= 0.5 && big.failures === 0 : undefined,
    note: [`default world ${rate(small.rps)} p99 ${small.p99} ms`, cpuNote(big, small, 'default'), failureNote(big)]
      .filter(Boolean)
      .join('; '),
    raw: { large: big, default: small, path: onLarge.path },
  });
}
const STARTUP_GOAL_MS = 3000;

/** 3. A large generated world: its start-up, memory, and the same reads as on the default world. */
export async function benchScale(report: Report, servers: Servers, reads: Target[]) {
  const scale = settings.quick ? 0.1 : 1;
  const wanted = Object.entries(largeWorld).map(([kind, n]) => [kind, Math.round(n * scale)] as const);
  const known = wanted.filter(([kind]) => (generatedKinds as string[]).includes(kind));
  const missing = wanted.filter(([kind]) => !(generatedKinds as string[]).includes(kind)).map(([kind]) => kind);
  const spec = known.map(([kind, n]) => `${kind}=${n}`).join(',');
  report.section(`3. scale: large world --seed 1 --generate ${spec}`);
  if (missing.length > 0) report.skip('3. scale', `generating ${missing.join(', ')}: no generator wired into src/store/generate.ts yet`);

  const large = await spawnServer(mockArgs(['--seed', '1', '--generate', spec]), firstRequest, 180_000);
  try {
    const started = memoryOf(large.pid);
    report.add({
      section: '3. scale',
      scenario: 'large world start-up (spawn -> first answer)',
      figure: ms(large.startupMs),
      goal: `< ${STARTUP_GOAL_MS} ms`,
      met: large.startupMs < STARTUP_GOAL_MS && large.firstAnswer.status === 200,
      raw: { startupMs: large.startupMs, counts: Object.fromEntries(known) },
    });
    const cookie = await login(large.origin);
    for (const target of reads) {
      // A list's page on the large world holds as many items as on the default world, so the
      // ratio shows what the world's size costs, not what a longer page costs.
      const items = Math.max(1, pageSize(target.answer) ?? 0);
      const path = target.path.replace(/([?&]n=)\d+/, `$1${items}`);
      const matched = path === target.path ? target : { ...target, path };
      const label = matched === target ? target.label : `${target.label.replace(/n=\d+/, `n=${items}`)} (page as on default)`;
      await compareWorlds(report, servers, large, cookie, target, matched, label, true);
      if (matched !== target) await compareWorlds(report, servers, large, cookie, target, target, `${target.label} (full page)`, false);
    }
    const after = memoryOf(large.pid);
    const rss = after?.peakMiB ?? NaN;
    report.add({
      section: '3. scale',
      scenario: 'large world peak RSS (start-up and reads)',
      figure: `${rss.toFixed(0)} MiB`,
      goal: `< ${MiB_GOAL} MiB`,
      met: rss < MiB_GOAL,
      note: started ? `RSS after start-up ${started.rssMiB.toFixed(0)} MiB` : undefined,
      raw: { started, after },
    });
  } finally {
    await large.stop();
  }
}
