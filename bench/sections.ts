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

/** 1. Spawn -> first answer (alice's login on the default world), median of N, against the bare server. */
export async function benchStartup(report: Report, servers: Servers) {
  report.section('1. start-up: spawn -> first answer (GET /auth/user with Basic credentials), median');
  const floorFile = await buildFloor();
  try {
    const { mock, bare, floor } = await startupRuns(servers, floorFile, process.env);
    const ratio = median(mock) / median(bare);
    report.add({
      section: '1. start-up',
      scenario: `mock-api start (median of ${mock.length})`,
      figure: ms(median(mock)),
      ratio,
      goal: '<= 1.5x bare',
      met: ratio <= 1.5,
      note: `bare ${ms(median(bare))}; runs ${mock.map((v) => v.toFixed(0)).join('/')} vs ${bare.map((v) => v.toFixed(0)).join('/')}`,
      raw: { mockMs: mock, bareMs: bare },
    });
    report.add({
      section: '1. start-up',
      scenario: 'a one-route Hono app on @hono/node-server (the floor)',
      figure: ms(median(floor)),
      ratio: median(floor) / median(bare),
      goal: '(information)',
      note: `mock-api is ${(median(mock) / median(floor)).toFixed(2)}x of it; the adapter loads Node's fetch implementation, which bare node:http never does`,
      raw: { floorMs: floor },
    });
    // NODE_EXTRA_CA_CERTS makes every node process read and parse those certificates before it runs
    // anything (tens of ms here), which adds the same to both sides and so flatters the ratio.
    if (process.env.NODE_EXTRA_CA_CERTS) {
      const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
      const plain = await startupRuns(servers, floorFile, env);
      report.add({
        section: '1. start-up',
        scenario: 'the same without NODE_EXTRA_CA_CERTS',
        figure: ms(median(plain.mock)),
        ratio: median(plain.mock) / median(plain.bare),
        goal: '<= 1.5x bare',
        note: `bare ${ms(median(plain.bare))}, the floor ${ms(median(plain.floor))}; this environment sets NODE_EXTRA_CA_CERTS, which every node start pays for`,
        raw: { mockMs: plain.mock, bareMs: plain.bare, floorMs: plain.floor },
      });
    }
  } finally {
    rmSync(floorFile, { force: true });
  }
}

/** bench/hono-floor.ts bundled as mock-api is (one CommonJS file), so both load the same way. */
async function buildFloor() {
  const outfile = join(tmpdir(), `mock-api-bench-floor-${process.pid}.cjs`);
  await build({ entryPoints: [join(root, 'bench/hono-floor.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' });
  return outfile;
}

/** Spawn -> first answer of the bare server, the floor and mock-api, in turns, settings.startupRuns times each. */
async function startupRuns(servers: Servers, floorFile: string, env: NodeJS.ProcessEnv) {
  const bare: number[] = [];
  const floor: number[] = [];
  const mock: number[] = [];
  const time = async (command: string[], into: number[]) => {
    const spawned = await spawnServer('node', command, firstRequest, undefined, env);
    into.push(spawned.startupMs);
    await spawned.stop();
    return spawned;
  };
  for (let run = 0; run < settings.startupRuns; run++) {
    await time(bareArgs(servers.bodiesFile), bare);
    await time([floorFile, servers.bodiesFile], floor);
    const m = await time(mockArgs(), mock);
    if (m.firstAnswer.status !== 200) throw new Error(`mock-api's first answer was ${m.firstAnswer.status}`);
  }
  return { mock, bare, floor };
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
    const goal = write ? 0.4 : 0.6;
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
