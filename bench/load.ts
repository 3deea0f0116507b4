import autocannon from 'autocannon';
import { cpuMsOf } from './processes.js';
import { API, type Target } from './targets.js';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers outside 2xx plus connection errors and timeouts: a run with any is not a valid figure. */
  failures: number;
  statuses: Record<string, number>;
  /** The server's CPU time per answered request, in microseconds: steadier than req/s on a busy machine. */
  cpuUs: number;
}

export const CONNECTIONS = 50;

/** Numbers the bodies a target's writes send to one world, so each run carries on where the last stopped. */
export interface Sequence {
  next: number;
}

/** Hammers one target for `seconds` with 50 keep-alive connections (autocannon, in this process). */
export async function load(
  server: { origin: string; pid: number },
  target: Target,
  headers: Record<string, string>,
  seconds: number,
  sequence: Sequence = { next: 0 },
): Promise<LoadResult> {
  const base = { method: target.method, path: `${API}${target.path}`, headers };
  const make = target.body;
  const cpuBefore = cpuMsOf(server.pid);
  const result = await autocannon({
    url: server.origin,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [make ? { ...base, setupRequest: (request) => ({ ...request, body: make(sequence.next++) }) } : base],
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    statuses,
    cpuUs: ((cpuMsOf(server.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
  };
}

/** Sums legs of one side of an A/B comparison into one figure. */
export function combine(legs: LoadResult[]): LoadResult {
  const requests = legs.reduce((sum, leg) => sum + leg.requests, 0);
  const statuses: Record<string, number> = {};
  for (const leg of legs) for (const [code, n] of Object.entries(leg.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: legs.reduce((sum, leg) => sum + leg.rps, 0) / legs.length,
    p50: Math.max(...legs.map((leg) => leg.p50)),
    p99: Math.max(...legs.map((leg) => leg.p99)),
    requests,
    failures: legs.reduce((sum, leg) => sum + leg.failures, 0),
    statuses,
    cpuUs: legs.reduce((sum, leg) => sum + leg.cpuUs * leg.requests, 0) / Math.max(1, requests),
  };
}
