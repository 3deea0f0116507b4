import { generatedKinds } from '../src/store/generate-counts.js';
import { load } from './load.js';
import { memoryOf, spawnServer } from './processes.js';
import { failureNote, ms, rate, type Report } from './report.js';
import { compare, P99_GOAL_MS, type Servers } from './sections.js';
import { firstRequest, mockArgs, settings } from './settings.js';
import { jsonHeaders, login, type Target } from './targets.js';

/** The large world of the issue; --quick generates a tenth of it. */
const largeWorld: Record<string, number> = {
  users: 100_000,
  groups: 10_000,
  calendarEvents: 1_000_000,
  avatars: 100_000,
  files: 100_000,
};

const MiB_GOAL = 1024;
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

  const large = await spawnServer('node', mockArgs(['--seed', '1', '--generate', spec]), firstRequest, 180_000);
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
      const { a: small, b: big } = await compare(
        () => load(servers.mock.origin, target, jsonHeaders(servers.cookie), settings.legSeconds),
        () => load(large.origin, target, jsonHeaders(cookie), settings.legSeconds),
      );
      const ratio = big.rps / small.rps;
      report.add({
        section: '3. scale',
        scenario: `large: ${target.label}`,
        figure: rate(big.rps),
        p50: big.p50,
        p99: big.p99,
        ratio,
        goal: '>= 0.5x default world',
        met: ratio >= 0.5 && big.failures === 0,
        note: [`default world ${rate(small.rps)} p99 ${small.p99} ms`, big.p99 > P99_GOAL_MS ? `p99 over ${P99_GOAL_MS} ms` : '', failureNote(big)]
          .filter(Boolean)
          .join('; '),
        raw: { large: big, default: small },
      });
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
