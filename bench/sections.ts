import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { combine, load, type LoadResult, type Sequence } from './load.js';
import { median, send, spawnServer, type Spawned } from './processes.js';
import { cpuNote, failureNote, ms, rate, type Report } from './report.js';
import { bareArgs, firstRequest, mockArgs, root, settings } from './settings.js';
import { jsonHeaders, login, type Target } from './targets.js';

export interface Servers {
  /** mock-api on the embedded default world. */
  mock: Spawned;
  /** The bare node:http baseline answering mock-api's bytes. */
  bare: Spawned;
  /** Alice's session on `mock`; renewed whenever the world is reset. */
  cookie: string;
  bodiesFile: string;
  /** Which body number the next write on `mock` uses; starts over when its world is reset. */
  sequence: Sequence;
}

export const P99_GOAL_MS = 10;

/**
 * Unmeasured warm-up on both sides, then A B, B A, A B ...: both sides see the same machine state,
 * and neither always runs right after the other (the load generator shares the machine).
 */
export async function compare(a: (seconds: number) => Promise<LoadResult>, b: (seconds: number) => Promise<LoadResult>) {
  const warm = settings.warmSeconds;
  if (warm > 0) {
    await a(warm);
    await b(warm);
  }
  const leg = settings.legSeconds;
  const legsA: LoadResult[] = [];
  const legsB: LoadResult[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    if (round % 2 === 0) {
      legsA.push(await a(leg));
      legsB.push(await b(leg));
    } else {
      legsB.push(await b(leg));
      legsA.push(await a(leg));
    }
  }
  return { a: combine(legsA), b: combine(legsB) };
}

/** Rebuilds the default world (ending every session) and logs alice in again. */
export async function resetMock(servers: Servers): Promise<boolean> {
  const reply = await send(servers.mock.origin, 'POST', '/_mock/reset');
  if (reply.status !== 200) return false;
  servers.cookie = await login(servers.mock.origin);
  servers.sequence.next = 0;
  return true;
}

/** 1. Spawn -> first answer (alice's login on the default world), median of N, against the floor of its stack. */
export async function benchStartup(report: Report, servers: Servers) {
  report.section('1. start-up: spawn -> first answer (GET /auth/user with Basic credentials), median');
  const floors = await buildFloors();
  try {
    const runs = await startupRuns(servers, floors, process.env);
    const { mock, bare, installed, bundled } = medians(runs);
    report.add({
      section: '1. start-up',
      scenario: `mock-api start (median of ${runs.mock.length})`,
      figure: ms(mock),
      ratio: mock / installed,
      goal: '<= 1.5x the floor',
      met: mock / installed <= 1.5,
      note: `the floor as installed ${ms(installed)}, bare ${ms(bare)} (${(mock / bare).toFixed(2)}x); runs ${runs.mock.map((v) => v.toFixed(0)).join('/')}`,
      raw: { mockMs: runs.mock, bareMs: runs.bare, installedFloorMs: runs.installed, bundledFloorMs: runs.bundled },
    });
    report.add({
      section: '1. start-up',
      scenario: 'the floor: a one-route Hono app from node_modules',
      figure: ms(installed),
      ratio: installed / bare,
      goal: '(information)',
      note: `on @hono/node-server, over bare node:http; the adapter loads Node's fetch implementation, which bare node:http never does`,
    });
    report.add({
      section: '1. start-up',
      scenario: 'the same app bundled with its packages into one file',
      figure: ms(bundled),
      ratio: bundled / bare,
      goal: '(information)',
      note: `over bare node:http; ${(bundled / installed).toFixed(2)}x of the floor as installed`,
    });
    // NODE_EXTRA_CA_CERTS makes every node process read and parse those certificates before it runs
    // anything, which adds the same to all sides and so flatters the ratios.
    if (process.env.NODE_EXTRA_CA_CERTS) {
      const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
      const plainRuns = await startupRuns(servers, floors, env);
      const plain = medians(plainRuns);
      report.add({
        section: '1. start-up',
        scenario: 'the same without NODE_EXTRA_CA_CERTS',
        figure: ms(plain.mock),
        ratio: plain.mock / plain.installed,
        goal: '<= 1.5x the floor',
        note: `the floor as installed ${ms(plain.installed)}, bundled ${ms(plain.bundled)}, bare ${ms(plain.bare)}; this environment sets NODE_EXTRA_CA_CERTS, which every node start pays for`,
        raw: { mockMs: plainRuns.mock, bareMs: plainRuns.bare, installedFloorMs: plainRuns.installed, bundledFloorMs: plainRuns.bundled },
      });
    }
  } finally {
    rmSync(floors.installed, { force: true });
    rmSync(floors.bundled, { force: true });
  }
}

/**
 * bench/hono-floor.ts twice: compiled alone (plain ESM under node_modules/.cache, so that its imports
 * resolve in this checkout's node_modules as an install's do), and bundled with its packages into one file.
 */
async function buildFloors() {
  const installed = join(root, 'node_modules', '.cache', 'mock-api-bench', `hono-floor-${process.pid}.mjs`);
  const bundled = join(tmpdir(), `mock-api-bench-floor-${process.pid}.mjs`);
  const entryPoints = [join(root, 'bench/hono-floor.ts')];
  const common = { entryPoints, platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent' } as const;
  await build({ ...common, outfile: installed, bundle: false });
  await build({ ...common, outfile: bundled, bundle: true });
  return { installed, bundled };
}

type Floors = Awaited<ReturnType<typeof buildFloors>>;
type StartupRuns = Record<'mock' | 'bare' | 'installed' | 'bundled', number[]>;

const medians = (runs: StartupRuns) =>
  Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, median(values)])) as Record<keyof StartupRuns, number>;

/** Spawn -> first answer of the bare server, both floors and mock-api, in turns, settings.startupRuns times each. */
async function startupRuns(servers: Servers, floors: Floors, env: NodeJS.ProcessEnv): Promise<StartupRuns> {
  const runs: StartupRuns = { mock: [], bare: [], installed: [], bundled: [] };
  const time = async (command: string[], into: number[]) => {
    const spawned = await spawnServer(command, firstRequest, undefined, env);
    into.push(spawned.startupMs);
    await spawned.stop();
    return spawned;
  };
  for (let run = 0; run < settings.startupRuns; run++) {
    await time(bareArgs(servers.bodiesFile), runs.bare);
    await time([floors.installed, servers.bodiesFile], runs.installed);
    await time([floors.bundled, servers.bodiesFile], runs.bundled);
    const m = await time(mockArgs(), runs.mock);
    if (m.firstAnswer.status !== 200) throw new Error(`mock-api's first answer was ${m.firstAnswer.status}`);
  }
  return runs;
}

/** 2. Authenticated reads and writes at 50 connections, each against the bare server, A B A B. */
export async function benchThroughput(report: Report, servers: Servers, targets: Target[], skips: string[]) {
  report.section(`2. throughput at 50 connections, authenticated (${settings.rounds}x${settings.legSeconds}s per side)`);
  for (const line of skips) report.skip('2. throughput', line);
  for (const target of targets) {
    const write = target.kind === 'write';
    const throwaway: Sequence = { next: 0 };
    const { a: bare, b: mock } = await compare(
      (seconds) => load(servers.bare, target, jsonHeaders(servers.cookie), seconds, throwaway),
      async (seconds) => {
        if (write) await resetMock(servers);
        return load(servers.mock, target, jsonHeaders(servers.cookie), seconds, servers.sequence);
      },
    );
    const goal = write ? 0.4 : 0.9;
    const ratio = mock.rps / bare.rps;
    const failures = failureNote(mock);
    report.add({
      section: '2. throughput',
      scenario: target.label,
      figure: rate(mock.rps),
      p50: mock.p50,
      p99: mock.p99,
      ratio,
      goal: `>= ${goal}x, p99 <= ${P99_GOAL_MS} ms`,
      met: ratio >= goal && mock.p99 <= P99_GOAL_MS && mock.failures === 0,
      note: [`bare ${rate(bare.rps)} p99 ${bare.p99} ms`, cpuNote(mock, bare, 'bare'), failures].filter(Boolean).join('; '),
      raw: { mock, bare },
    });
  }
  if (targets.some((t) => t.kind === 'write')) await resetMock(servers);
}
