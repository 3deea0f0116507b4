// `npm run stress [-- --no-build --requests=10000 --seed=17 --soak-seconds=180 --only=fuzz,checks,flood,growth,kill,soak,roundtrip]
// --max-memory=1GiB --sockets=2000 --edits=10000 --frames=1500 --growth-seconds=60 --growth-worlds=100 --kill-cycles=10]`:
// the adversarial pass, against the built CLI on 127.0.0.1 only. A seeded fuzz of every route, bursts
// of 200 that must keep each limit exact, the exhaustion cases that once froze or crashed the server,
// and a soak whose memory must level off and whose throughput must hold. Every loop is bounded; the
// server is spawned here and stopped here. Not part of `npm test` (bench/README.md says how long it runs).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { memoryOf, spawnServer } from './processes.js';
import { firstRequest, mockArgs, root } from './settings.js';
import { Client } from './stress/client.js';
import { fuzz, type FuzzResult } from './stress/fuzz.js';
import { runChecks, type Check } from './stress/checks.js';
import { SAMPLE_MS, soak, type SoakResult } from './stress/soak.js';
import { floodChecks } from './stress/flood.js';
import { growthChecks } from './stress/growth.js';
import { killChecks } from './stress/kill.js';

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const requests = Number(option('requests') ?? 10_000);
const seed = Number(option('seed') ?? 17);
const soakSeconds = Number(option('soak-seconds') ?? 180);
const only = option('only')?.split(',');
const maxMemory = option('max-memory') ?? '1GiB';
const flood = {
  sockets: Number(option('sockets') ?? 2_000),
  edits: Number(option('edits') ?? 10_000),
  frames: Number(option('frames') ?? 1_500),
};
const growth = { seconds: Number(option('growth-seconds') ?? 60), worlds: Number(option('growth-worlds') ?? 100) };
const killCycles = Number(option('kill-cycles') ?? 10);
const runs = (part: string) => only === undefined || only.includes(part);

function build() {
  process.stdout.write('building (npm run build) ...\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}${result.stderr}`);
}

/** The property test of snapshot, export and --db, run long: random API writes, then each copy must answer as the original. */
function roundTrips(seed: number): boolean {
  const runs = 200;
  process.stdout.write(`round trips: ${runs} random write sequences, seed ${seed} ...\n`);
  const env = { ...process.env, MOCK_API_PROPERTY_RUNS: String(runs), MOCK_API_PROPERTY_SEED: String(seed) };
  const result = spawnSync('npx', ['vitest', 'run', 'test/store/persistence-property.test.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 1_800_000,
  });
  const held = result.status === 0;
  process.stdout.write(`  snapshot -> restore, export -> import, save -> reload answer as the original: ${held}\n`);
  if (!held) process.stdout.write(`${result.stdout.slice(-4000)}${result.stderr.slice(-2000)}\n`);
  return held;
}

async function main(): Promise<boolean> {
  if (!process.argv.includes('--no-build')) build();
  const server = await spawnServer(mockArgs(['--max-memory', maxMemory]), firstRequest);
  const client = new Client(server.origin, 16);
  const burst = new Client(server.origin, 200);
  const target = { client, burst, origin: server.origin, pid: server.pid };
  const alive = () => memoryOf(server.pid) !== undefined;
  const report: {
    fuzz?: FuzzResult;
    checks?: Check[];
    soak?: SoakResult & { rssLevelsOff: boolean; throughputHolds: boolean };
    crashed: boolean;
  } = { crashed: false };
  let ok = true;
  try {
    if (runs('fuzz')) {
      process.stdout.write(`fuzz: ${requests} requests, seed ${seed} ...\n`);
      const result = await fuzz(client, requests, seed);
      report.fuzz = result;
      process.stdout.write(
        `  ${result.requests} requests over ${result.routes} routes: ${JSON.stringify(result.byClass)}, hangs ${result.hangs}, connection errors ${result.connectionErrors}\n`,
      );
      for (const call of result.hung) process.stdout.write(`  hung: ${call}\n`);
      for (const error of result.serverErrors) process.stdout.write(`  5xx ${error.status} ${error.call}: ${error.text}\n`);
      ok &&= !result.byClass['5xx'] && result.hangs === 0 && result.connectionErrors === 0;
    }
    if (runs('checks')) {
      process.stdout.write('bursts and exhaustion cases:\n');
      report.checks = await runChecks(target);
      ok &&= report.checks.every((check) => check.ok);
    }
    if (runs('flood')) {
      process.stdout.write(`push channels against clients that do not read (--max-memory ${maxMemory}):\n`);
      const results = await runChecks(target, floodChecks(flood));
      report.checks = [...(report.checks ?? []), ...results];
      ok &&= results.every((check) => check.ok);
    }
    if (runs('growth')) {
      process.stdout.write(`growth: clients making records as fast as they can (--max-memory ${maxMemory}):\n`);
      const results = await runChecks(target, growthChecks(growth));
      report.checks = [...(report.checks ?? []), ...results];
      ok &&= results.every((check) => check.ok);
    }
    if (runs('kill')) {
      process.stdout.write(`kill -9 right after each control-plane write a --db server acknowledges (${killCycles} cycles each):\n`);
      const results = await killChecks(killCycles);
      report.checks = [...(report.checks ?? []), ...results];
      ok &&= results.every((check) => check.ok);
    }
    if (runs('soak')) {
      process.stdout.write(`soak: ${soakSeconds} s ...\n`);
      const result = await soak(client, server.pid, soakSeconds);
      const halves = result.perHalfMinute.slice(0, Math.floor(soakSeconds / 30));
      const [first, last] = [halves[0] ?? 0, halves.at(-1) ?? 0];
      // RSS at the end of the first minute against the end of the run.
      const firstMinute = result.rss[Math.min(60_000 / SAMPLE_MS - 1, result.rss.length - 1)]!;
      const end = result.rss.at(-1)!;
      const rssLevelsOff = end <= firstMinute * 1.5;
      // It must not fall: the last 30 s at least 90% of the first (a rise is a warmer machine, not a fault).
      const throughputHolds = halves.length < 2 || last >= 0.9 * first;
      report.soak = { ...result, rssLevelsOff, throughputHolds };
      const cpuUs = (half: number) => ((result.cpuMs[half + 1]! - result.cpuMs[half]!) * 1000) / halves[half]!;
      const cpuFirst = cpuUs(0);
      const cpuLast = cpuUs(halves.length - 1);
      const steps = Object.entries(result.byStep).sort(([a], [b]) => a.localeCompare(b));
      process.stdout.write(
        `  ${result.requests} requests; per 30 s ${halves.join(', ')}; last 30 s / first ${(last / first).toFixed(2)}; ` +
          `RSS ${result.rss[0]?.toFixed(0)} -> ${firstMinute.toFixed(0)} (1 min) -> ${end.toFixed(0)} MiB (${(end / firstMinute).toFixed(2)}x); ` +
          `server CPU per request ${cpuFirst.toFixed(0)} us in the first 30 s, ${cpuLast.toFixed(0)} us in the last; ` +
          `5xx ${result.serverErrors}, hangs ${result.hangs}, connection errors ${result.connectionErrors}; load average ${loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')}\n` +
          `  by step: ${steps.map(([step, n]) => `${step}: ${n}`).join(', ')}\n`,
      );
      process.stdout.write(
        `  RSS within 1.5x of the first minute's: ${rssLevelsOff}; throughput of the last 30 s >= 90% of the first 30 s: ${throughputHolds}\n`,
      );
      ok &&= rssLevelsOff && throughputHolds && result.serverErrors === 0 && result.hangs === 0 && result.connectionErrors === 0;
    }
    if (runs('roundtrip')) ok &&= roundTrips(seed);
    report.crashed = !alive();
    ok &&= !report.crashed;
  } finally {
    client.close();
    burst.close();
    await server.stop();
  }
  writeFileSync(join(root, 'bench/stress-results.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(
    `${ok ? 'stress: all held' : 'stress: FAILURES above'} (server ${report.crashed ? 'crashed' : 'alive to the end'}); results in bench/stress-results.json\n`,
  );
  return ok;
}

process.exitCode = (await main().catch((error: unknown) => {
  process.stderr.write(`stress: ${(error as Error).stack ?? String(error)}\n`);
  return false;
}))
  ? 0
  : 1;
