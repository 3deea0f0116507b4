import { load } from './load.js';
import { median, send } from './processes.js';
import { cpuNote, failureNote, ms, rate, type Report } from './report.js';
import { compare, type Servers } from './sections.js';
import { settings } from './settings.js';
import { jsonHeaders, login, type Target } from './targets.js';
import { benchRuleKinds, idleKinds } from './rule-kinds.js';

interface Timed {
  clientMs: number[];
  /** What the server reports it spent (`ms` in the answer), when it says. */
  serverMs: number[];
  failed?: string;
}

/** Calls `path` N times in a row, each timed from request to the end of the answer. */
async function timeCalls(origin: string, method: string, path: string, runs: number, after?: (body: any) => Promise<void>) {
  const timed: Timed = { clientMs: [], serverMs: [] };
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const reply = await send(origin, method, path);
    const clientMs = performance.now() - started;
    if (reply.status !== 200) {
      timed.failed = `${method} ${path} answers ${reply.status}${reply.status === 404 ? ' (not available yet)' : ''}`;
      return timed;
    }
    timed.clientMs.push(clientMs);
    const body = JSON.parse(reply.text) as { ms?: unknown };
    if (typeof body.ms === 'number') timed.serverMs.push(body.ms);
    await after?.(body);
  }
  return timed;
}

function addTimed(report: Report, scenario: string, timed: Timed, goalMs: number | undefined) {
  const client = median(timed.clientMs);
  const server = timed.serverMs.length > 0 ? median(timed.serverMs) : undefined;
  report.add({
    section: '4. control plane',
    scenario: `${scenario} (median of ${timed.clientMs.length})`,
    figure: ms(client),
    goal: goalMs === undefined ? 'time per operation' : `< ${goalMs} ms`,
    met: goalMs === undefined || client < goalMs,
    note: `round trip on a new connection${server === undefined ? '' : `; server-side ${ms(server)}`}`,
    raw: timed as unknown as Record<string, unknown>,
  });
}

/** 4. Reset of the default world, a new isolated world, snapshot and restore: time per operation. */
export async function benchControlPlane(report: Report, servers: Servers) {
  report.section('4. control plane: time per operation (client side, request to end of answer)');
  const origin = servers.mock.origin;
  const runs = settings.controlRuns;

  const reset = await timeCalls(origin, 'POST', '/_mock/reset', runs);
  if (reset.failed) report.skip('4. control plane', `reset: ${reset.failed}`);
  else addTimed(report, 'POST /_mock/reset (default world)', reset, 10);

  const created: string[] = [];
  const worlds = await timeCalls(origin, 'POST', '/_mock/worlds', runs, async (body: { id?: string }) => {
    if (body.id) created.push(body.id);
  });
  if (worlds.failed) report.skip('4. control plane', `new isolated world: ${worlds.failed}`);
  else addTimed(report, 'POST /_mock/worlds (new isolated world)', worlds, 5);
  for (const id of created) await send(origin, 'DELETE', `/_mock/worlds/${id}`);

  const snapshot = await timeCalls(origin, 'POST', '/_mock/snapshot', runs);
  if (snapshot.failed) report.skip('4. control plane', `snapshot: ${snapshot.failed}`);
  else addTimed(report, 'POST /_mock/snapshot', snapshot, undefined);
  if (snapshot.failed) report.skip('4. control plane', 'restore: needs a snapshot first');
  else {
    const restore = await timeCalls(origin, 'POST', '/_mock/restore', runs);
    if (restore.failed) report.skip('4. control plane', `restore: ${restore.failed}`);
    else addTimed(report, 'POST /_mock/restore', restore, undefined);
  }

  // Resets ended alice's session.
  servers.cookie = await login(origin);
  servers.sequence.next = 0;
}

/** 50 rules that never match this benchmark's requests. */
const idleRules = {
  name: 'bench-idle-rules',
  rules: Array.from({ length: 50 }, (_, i) => ({
    match: { method: 'GET', path: `/bench/never/${i}/:id`, query: { never: 'x' } },
    response: { status: 503 },
  })),
};

/** 5. Throughput with 50 idle scenario rules loaded, against none loaded, A B A B on mock-api. */
export async function benchRules(report: Report, servers: Servers, target: Target | undefined) {
  report.section('5. scenarios: 50 loaded rules that do not match, against none');
  await compareRules(report, servers, target, idleRules, 'with 50 idle rules', 0.9);
  const all = { name: 'bench-idle-rules-of-each-kind', rules: idleKinds.flatMap(([, rules]) => rules) };
  await compareRules(report, servers, target, all, `with 50 idle rules of each kind at once (${all.rules.length})`, undefined);
  await benchRuleKinds(report);
}

/** `goal` undefined: a figure for information. */
async function compareRules(
  report: Report,
  servers: Servers,
  target: Target | undefined,
  ruleSet: object,
  label: string,
  goal: number | undefined,
) {
  const origin = servers.mock.origin;
  const loadRules = () =>
    send(origin, 'POST', '/_mock/scenarios', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(ruleSet) });
  const probe = await loadRules();
  await send(origin, 'DELETE', '/_mock/scenarios');
  if (probe.status !== 200) {
    report.skip('5. scenarios', `POST /_mock/scenarios answers ${probe.status}${probe.status === 404 ? ' (not available yet)' : ''}`);
    return;
  }
  if (!target) {
    report.skip('5. scenarios', 'GET /auth/user could not be benchmarked');
    return;
  }
  const run = (seconds: number) => load(servers.mock, target, jsonHeaders(servers.cookie), seconds);
  const { a: none, b: rules } = await compare(
    async (seconds) => {
      await send(origin, 'DELETE', '/_mock/scenarios');
      return run(seconds);
    },
    async (seconds) => {
      await send(origin, 'DELETE', '/_mock/scenarios');
      await loadRules();
      return run(seconds);
    },
  );
  await send(origin, 'DELETE', '/_mock/scenarios');
  const ratio = rules.rps / none.rps;
  report.add({
    section: '5. scenarios',
    scenario: `${target.label} ${label}`,
    figure: rate(rules.rps),
    p50: rules.p50,
    p99: rules.p99,
    ratio,
    goal: goal === undefined ? '(information)' : `>= ${goal}x none loaded`,
    met: goal === undefined ? undefined : ratio >= goal && rules.failures === 0,
    note: [`none loaded ${rate(none.rps)}`, cpuNote(rules, none, 'none'), failureNote(rules)].filter(Boolean).join('; '),
    raw: { rules, none },
  });
}
