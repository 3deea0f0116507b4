// The cost of idle scenario rules of each kind, measured in-process through `app.request` (no
// sockets, no load generator): the rules' share of a request is larger there than over HTTP, so the
// ratio is the stricter one, and a 2-core machine shared with other work disturbs it less.
import { createApp, sandboxDeps } from '../src/main/app.js';
import { encodeBasic } from '../src/http/basic-auth.js';
import { manualClock } from '../src/store/clock.js';
import { defaultFixturesDir, readFixtureDir } from '../src/store/fixtures/fixture-dir.js';
import { SandboxSource } from '../src/store/sandbox-source.js';
import { ScenarioSchema } from '../src/scenarios/schema.js';
import type { Report } from './report.js';
import { settings } from './settings.js';

const never = (i: number) => ({ path: '/auth/:x', query: { never: String(i) } });
const fifty = (rule: (i: number) => Record<string, unknown>) => Array.from({ length: 50 }, (_, i) => rule(i));

/**
 * 50 rules of each kind, all on the benchmarked request's area so none is left out by its path; each
 * idle by its own condition where the kind has one, by a query matcher otherwise.
 */
export const idleKinds: [string, Record<string, unknown>[]][] = [
  ['match.body', fifty((i) => ({ match: { path: '/auth/user', body: { never: i } }, response: { status: 503 } }))],
  ['match.not', fifty(() => ({ match: { path: '/auth/:x', not: { path: '/auth/user' } }, response: { status: 503 } }))],
  ['match.world', fifty((i) => ({ match: { path: '/auth/user', world: `world_never_${i}` }, response: { status: 503 } }))],
  ['match.session', fifty((i) => ({ match: { path: '/auth/user', session: `never_${i}` }, response: { status: 503 } }))],
  ['after', fifty(() => ({ match: { path: '/auth/user' }, response: { status: 503 }, after: 1e12 }))],
  ['probability', fifty(() => ({ match: { path: '/auth/user' }, response: { status: 503 }, probability: 0 }))],
  ['sequence', fifty((i) => ({ match: never(i), sequence: [{ response: { status: 503 } }] }))],
  ['during', fifty(() => ({ match: { path: '/auth/user' }, response: { status: 503 }, during: { fromMinute: 1e9, toMinute: 1e9 + 1 } }))],
  ['rateLimit (counting every request)', fifty(() => ({ match: { path: '/auth/user' }, rateLimit: { limit: 1e9, windowMs: 1000 } }))],
  ['fault hang', fifty((i) => ({ match: never(i), fault: 'hang' }))],
  ['fault slow-body', fifty((i) => ({ match: never(i), fault: 'slow-body', delayMs: 100 }))],
  ['fault random-bytes-then-close', fifty((i) => ({ match: never(i), fault: 'random-bytes-then-close' }))],
];

function benchApp() {
  const deps = sandboxDeps(SandboxSource.inMemory(readFixtureDir(defaultFixturesDir)), () => manualClock());
  return { deps, app: createApp(deps) };
}

/** CPU microseconds of `n` requests to `app` on a world, one after another. */
async function cpuOf(app: ReturnType<typeof createApp>, headers: Record<string, string>, n: number) {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const reply = await app.request('/api/1/auth/user', { headers });
    if (reply.status !== 200) throw new Error(`GET /auth/user answered ${reply.status}`);
    await reply.arrayBuffer();
  }
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/** Headers of alice's session on a world. */
async function loggedIn(app: ReturnType<typeof createApp>, world: string): Promise<Record<string, string>> {
  const login = await app.request('/api/1/auth/user', {
    headers: { 'x-mock-world': world, authorization: encodeBasic('alice', 'alice-password') },
  });
  return { 'x-mock-world': world, cookie: login.headers.getSetCookie()[0]!.split(';')[0]! };
}

/**
 * 5b. CPU per GET /auth/user with 50 idle rules of one kind, against none: one app, two worlds, one
 * with the rules, in batches taken in turns (A B B A ...), so drift in what else the machine runs
 * falls on both sides alike.
 */
export async function benchRuleKinds(report: Report) {
  report.section('5b. scenarios in-process: GET /auth/user with 50 idle rules of each kind, against none (CPU per request)');
  const batches = settings.quick ? 20 : 60;
  const batch = 100;
  const { deps, app } = benchApp();
  for (const [kind, rules] of idleKinds) {
    // Two worlds of one app, one with the rules: nothing is loaded or dropped between batches.
    const plainWorld = deps.sandboxes.create().id;
    const ruledWorld = deps.sandboxes.create().id;
    deps.scenarios.use(ScenarioSchema.parse({ name: 'idle', rules }), ruledWorld);
    const plain = await loggedIn(app, plainWorld);
    const ruled = await loggedIn(app, ruledWorld);
    await cpuOf(app, plain, 500);
    await cpuOf(app, ruled, 500);
    const none: number[] = [];
    const loaded: number[] = [];
    for (let round = 0; round < batches; round++) {
      if (round % 2 === 0) {
        none.push(await cpuOf(app, plain, batch));
        loaded.push(await cpuOf(app, ruled, batch));
      } else {
        loaded.push(await cpuOf(app, ruled, batch));
        none.push(await cpuOf(app, plain, batch));
      }
    }
    for (const world of [plainWorld, ruledWorld]) {
      deps.scenarios.reset(world);
      deps.sandboxes.remove(world);
    }
    const requests = batches * batch;
    // The least CPU a batch took on each side: other work on the machine only ever adds to a batch
    // (cache misses, preemption), so the quickest batches are the closest to the code's own cost.
    const ratio = Math.min(...none) / Math.min(...loaded);
    const perRequest = (cpu: number[]) => (cpu.reduce((sum, value) => sum + value, 0) / requests).toFixed(1);
    report.add({
      section: '5b. scenarios in-process',
      scenario: `50 idle rules: ${kind}`,
      figure: `${perRequest(loaded)} us/req`,
      ratio,
      goal: '>= 0.9x none loaded',
      met: ratio >= 0.9,
      note: `none loaded ${perRequest(none)} us/req (means); ratio of the quickest of ${batches} batches of ${batch} requests a side`,
      raw: { noneCpuUs: none, loadedCpuUs: loaded, batch },
    });
  }
}
