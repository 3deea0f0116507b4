// `node --import tsx bench/against.ts <other checkout> [--rounds=N] [--leg=S] [--only=throughput,control,library]
// [--targets=...]`: this checkout's build (B) against another checkout's build (A), both built beforehand
// (`npm run build` in each). Both CLIs serve on 127.0.0.1 at once; every figure is taken in turns
// A B, B A, A B ... so both sides see the same machine. Prints a table of A, B and B/A, and writes
// bench/against-results.json.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { combine, load, type LoadResult } from './load.js';
import { median, send, spawnServer, type Spawned } from './processes.js';
import { firstRequest, root, runsTarget } from './settings.js';
import { basicAlice, jsonHeaders, login, resolveTargets } from './targets.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const only = argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runsPart = (part: string) => only === undefined || only.includes(part);
const other = argv.find((a) => !a.startsWith('--'));
if (!other || !existsSync(join(other, 'bin/mock-api.cjs'))) {
  process.stderr.write('usage: node --import tsx bench/against.ts <other checkout, built> [--rounds=N] [--leg=S]\n');
  process.exit(2);
}
const rounds = option('rounds', 10);
const legSeconds = option('leg', 1.5);
const controlCalls = option('calls', 20);

interface Side {
  name: 'A' | 'B';
  dir: string;
  server: Spawned;
  cookie: string;
}

interface Row {
  what: string;
  unit: 'req/s' | 'ms';
  a: number;
  b: number;
  /** Server CPU per request in microseconds, for throughput rows. */
  cpuA?: number;
  cpuB?: number;
  /** Each leg's figure, in the order taken. */
  legs: { side: 'A' | 'B'; value: number }[];
  /** The median over rounds of B/A within one round: the two legs of a round see the same machine. */
  pairedRatio: number;
  note?: string;
}

const rows: Row[] = [];

/** A B, B A, A B ...: `rounds` rounds, each side once per round. */
async function inTurns<T>(take: (side: Side) => Promise<T>, a: Side, b: Side): Promise<{ side: Side; result: T }[]> {
  const taken: { side: Side; result: T }[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? [a, b] : [b, a]) taken.push({ side, result: await take(side) });
  }
  return taken;
}

const cliArgs = (dir: string) => [join(dir, 'bin/mock-api.cjs'), 'start', '--port', '0', '--quiet'];

async function resetSide(side: Side) {
  const reply = await send(side.server.origin, 'POST', '/_mock/reset');
  if (reply.status !== 200) throw new Error(`${side.name}: reset answered ${reply.status}`);
  side.cookie = await login(side.server.origin);
}

async function throughput(a: Side, b: Side) {
  const targetsOf = async (side: Side) =>
    (await resolveTargets(side.server.origin, side.cookie)).flatMap((r) => ('target' in r && runsTarget(r.target.label) ? [r.target] : []));
  const [targetsA, targetsB] = [await targetsOf(a), await targetsOf(b)];
  for (const target of targetsB) {
    const onA = targetsA.find((t) => t.label === target.label);
    if (!onA || onA.path !== target.path) {
      process.stdout.write(`  ${target.label}: A resolves ${onA?.path ?? 'nothing'}, B ${target.path}: skipped\n`);
      continue;
    }
    const sizes = [JSON.stringify(onA.answer).length, JSON.stringify(target.answer).length];
    const run = async (side: Side, seconds: number): Promise<LoadResult> => {
      if (target.kind === 'write') await resetSide(side);
      return load(side.server, target, jsonHeaders(side.cookie), seconds, { next: 0 });
    };
    await run(a, 1);
    await run(b, 1);
    const legs = await inTurns((side) => run(side, legSeconds), a, b);
    const of = (side: Side) => combine(legs.filter((l) => l.side === side).map((l) => l.result));
    const [ra, rb] = [of(a), of(b)];
    const failures = ra.failures + rb.failures;
    addRow({
      what: target.label,
      unit: 'req/s',
      a: ra.rps,
      b: rb.rps,
      cpuA: ra.cpuUs,
      cpuB: rb.cpuUs,
      legs: legs.map((l) => ({ side: l.side.name, value: l.result.rps })),
      note: [sizes[0] === sizes[1] ? '' : `answer ${sizes[0]} -> ${sizes[1]} bytes`, failures ? `${failures} failures` : '']
        .filter(Boolean)
        .join('; '),
    });
    if (target.kind === 'write') for (const side of [a, b]) await resetSide(side);
  }
}

/** Round trips of one control-plane call, `controlCalls` in a row per leg; the median of every call of a side. */
async function controlPlane(a: Side, b: Side) {
  const calls: { what: string; method: string; path: string; after?: (side: Side, body: { id?: string }) => Promise<void> }[] = [
    { what: 'POST /_mock/reset (default world)', method: 'POST', path: '/_mock/reset' },
    {
      what: 'POST /_mock/worlds (new isolated world)',
      method: 'POST',
      path: '/_mock/worlds',
      after: async (side, body) => void (body.id && (await send(side.server.origin, 'DELETE', `/_mock/worlds/${body.id}`))),
    },
    { what: 'POST /_mock/snapshot', method: 'POST', path: '/_mock/snapshot' },
    { what: 'POST /_mock/restore', method: 'POST', path: '/_mock/restore' },
  ];
  for (const call of calls) {
    const leg = async (side: Side) => {
      const times: number[] = [];
      for (let n = 0; n < controlCalls; n++) {
        const started = performance.now();
        const reply = await send(side.server.origin, call.method, call.path);
        times.push(performance.now() - started);
        if (reply.status !== 200) throw new Error(`${side.name}: ${call.method} ${call.path} answered ${reply.status}`);
        await call.after?.(side, JSON.parse(reply.text) as { id?: string });
      }
      return times;
    };
    await leg(a);
    await leg(b);
    const legs = await inTurns(leg, a, b);
    const all = (side: Side) => median(legs.filter((l) => l.side === side).flatMap((l) => l.result));
    addRow({
      what: `${call.what}, round trip (median of ${rounds * controlCalls})`,
      unit: 'ms',
      a: all(a),
      b: all(b),
      legs: legs.map((l) => ({ side: l.side.name, value: median(l.result) })),
    });
  }
  for (const side of [a, b]) await resetSide(side);
}

/** One fresh process per leg: startServer(), 25 unmeasured worlds, then 50 of worlds.create() + first login. */
const libraryProbe = (dir: string) => `
const { startServer } = await import(${JSON.stringify(pathToFileURL(join(dir, 'dist/index.js')).href)});
const server = await startServer();
const times = [];
for (let run = 0; run < 75; run++) {
  const started = performance.now();
  const world = await server.worlds.create();
  const reply = await world.fetch('/auth/user', { headers: { authorization: ${JSON.stringify(basicAlice)} } });
  await reply.text();
  if (reply.status !== 200) throw new Error('login answered ' + reply.status);
  if (run >= 25) times.push(performance.now() - started);
  await world.delete();
}
await server.close();
process.stdout.write(JSON.stringify(times));
`;

async function library(a: Side, b: Side) {
  const leg = async (side: Side) => {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', libraryProbe(side.dir)], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (result.status !== 0) throw new Error(`${side.name}: library probe failed\n${result.stderr}`);
    return JSON.parse(result.stdout) as number[];
  };
  const legs = await inTurns(leg, a, b);
  const all = (side: Side) => median(legs.filter((l) => l.side === side).flatMap((l) => l.result));
  addRow({
    what: `in-process worlds.create() + first login (median of ${rounds * 50}, each process after 25)`,
    unit: 'ms',
    a: all(a),
    b: all(b),
    legs: legs.map((l) => ({ side: l.side.name, value: median(l.result) })),
  });
}

/** How much worse B is by the paired ratio: above 1 is worse, for req/s and ms alike. */
const worseBy = (row: Row) => (row.unit === 'req/s' ? 1 / row.pairedRatio : row.pairedRatio);

/** B/A of each round's two legs (legs come in rounds of two, A B or B A). */
function pairedRatio(legs: Row['legs']) {
  const ratios: number[] = [];
  for (let i = 0; i + 1 < legs.length; i += 2) {
    const [first, second] = [legs[i]!, legs[i + 1]!];
    ratios.push(first.side === 'B' ? first.value / second.value : second.value / first.value);
  }
  return median(ratios);
}

function addRow(fields: Omit<Row, 'pairedRatio'>) {
  const row: Row = { ...fields, pairedRatio: pairedRatio(fields.legs) };
  rows.push(row);
  const fmt = (v: number) => (row.unit === 'req/s' ? `${(v / 1000).toFixed(1)}k` : v.toFixed(2));
  const cpu = row.cpuA === undefined ? '' : `  cpu ${row.cpuA.toFixed(0)} -> ${row.cpuB!.toFixed(0)} us`;
  const ok = worseBy(row) <= 1.1 ? 'within 10%' : 'WORSE by more than 10%';
  process.stdout.write(
    `  ${row.what.padEnd(62)} A ${fmt(row.a).padStart(7)}  B ${fmt(row.b).padStart(7)} ${row.unit}  B/A ${(row.b / row.a).toFixed(2)}x, paired ${row.pairedRatio.toFixed(2)}x${cpu}  ${ok}${row.note ? `  (${row.note})` : ''}\n`,
  );
}

async function main() {
  const dirs = { A: resolve(other!), B: root };
  const load1 = loadavg();
  const started = new Date();
  const servers: Spawned[] = [];
  try {
    const sides: Side[] = [];
    for (const name of ['A', 'B'] as const) {
      const server = await spawnServer(cliArgs(dirs[name]), firstRequest);
      servers.push(server);
      sides.push({ name, dir: dirs[name], server, cookie: await login(server.origin) });
    }
    const [a, b] = sides as [Side, Side];
    process.stdout.write(
      `A ${dirs.A}\nB ${dirs.B}\nNode.js ${process.version}, ${rounds} rounds, legs of ${legSeconds} s, load average ${load1.map((v) => v.toFixed(2)).join(' ')}\n`,
    );
    if (runsPart('throughput')) await throughput(a, b);
    if (runsPart('control')) await controlPlane(a, b);
    if (runsPart('library')) await library(a, b);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  const load2 = loadavg();
  process.stdout.write(`load average at the end ${load2.map((v) => v.toFixed(2)).join(' ')}\n`);
  const out = join(root, 'bench/against-results.json');
  writeFileSync(
    out,
    `${JSON.stringify({ started, node: process.version, dirs, rounds, legSeconds, loadAverage: { start: load1, end: load2 }, rows }, null, 2)}\n`,
  );
  process.stdout.write(`results written to bench/against-results.json\n`);
}

await main();
