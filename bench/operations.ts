import { join } from 'node:path';
import { load, type LoadResult } from './load.js';
import { send, spawnServer, type Spawned } from './processes.js';
import { cpuNote, failureNote, rate, type Report } from './report.js';
import { compare, type Servers } from './sections.js';
import { firstRequest, root } from './settings.js';
import { jsonHeaders, login, type Target } from './targets.js';

const read = (label: string, path: string): Target => ({ label, kind: 'read', method: 'GET', path, answer: null });

/** Operations no area is likely to simulate soon, first that is still generated is measured. */
const GENERATED_CANDIDATES = [
  { operationId: 'getProductListings', path: '/user/usr_a11ce000-0000-4000-8000-000000000001/listings' },
  { operationId: 'getInfoPush', path: '/infoPush' },
  { operationId: 'getActiveWorlds', path: '/worlds/active' },
];

function addRatio(report: Report, scenario: string, a: LoadResult, b: LoadResult, bLabel: string, goal: number, goalText: string) {
  const ratio = a.rps / b.rps;
  report.add({
    section: '6. operations',
    scenario,
    figure: rate(a.rps),
    p50: a.p50,
    p99: a.p99,
    ratio,
    goal: goalText,
    met: ratio >= goal && a.failures === 0,
    note: [`${bLabel} ${rate(b.rps)}`, cpuNote(a, b, bLabel), failureNote(a)].filter(Boolean).join('; '),
    raw: { a, b },
  });
}

/**
 * 6. What the operations table costs: `GET /auth/user` on an app with the generated operations'
 * routes against the same app without them (both spawned from source by bench/app-server.ts), and a
 * generated answer against a stateful read on mock-api.
 */
export async function benchOperations(report: Report, servers: Servers) {
  report.section('6. operations: idle cost of the generated routes; a generated answer against a stateful read');
  const script = join(root, 'bench/app-server.ts');
  const spawned: Spawned[] = [];
  try {
    const withRoutes = await spawnServer(['--import', 'tsx', script], firstRequest);
    spawned.push(withRoutes);
    const without = await spawnServer(['--import', 'tsx', script, '--no-generated'], firstRequest);
    spawned.push(without);
    const [withCookie, withoutCookie] = [await login(withRoutes.origin), await login(without.origin)];
    const target = read('GET /auth/user', '/auth/user');
    const { a: bare, b: full } = await compare(
      (seconds) => load(without, target, jsonHeaders(withoutCookie), seconds),
      (seconds) => load(withRoutes, target, jsonHeaders(withCookie), seconds),
    );
    addRatio(report, 'GET /auth/user with the generated routes', full, bare, 'without them', 0.95, '>= 0.95x without (idle cost < 5%)');
  } finally {
    await Promise.all(spawned.map((server) => server.stop()));
  }

  const operations = (
    JSON.parse((await send(servers.mock.origin, 'GET', '/_mock/operations')).text) as {
      operations: { operationId: string; answer: string }[];
    }
  ).operations;
  const candidate = GENERATED_CANDIDATES.find((c) =>
    operations.some((op) => op.operationId === c.operationId && op.answer === 'generated'),
  );
  if (!candidate) {
    report.skip('6. operations', 'every candidate operation is stateful now: no generated answer to measure');
    return;
  }
  const generated = read(`GET ${candidate.path} (generated)`, candidate.path);
  const stateful = read('GET /worlds/{worldId} (stateful)', '/worlds/wrld_a11ce000-0000-4000-8000-00000000b001');
  const headers = jsonHeaders(servers.cookie);
  const { a: made, b: kept } = await compare(
    (seconds) => load(servers.mock, generated, headers, seconds),
    (seconds) => load(servers.mock, stateful, headers, seconds),
  );
  addRatio(report, generated.label, made, kept, 'stateful read', 0.5, '>= 0.5x a stateful read (costs at most 2x)');
}
