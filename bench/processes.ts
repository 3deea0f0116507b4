import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';

export interface Reply {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request over a fresh connection, bounded in time. */
export function send(
  origin: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.setTimeout(init.timeoutMs ?? 10_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

export interface Spawned {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  pid: number;
  /** Spawn to the end of the first answer. */
  startupMs: number;
  firstAnswer: Reply;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * Spawns a server on the Node.js running the bench (`node <args>`) that prints `listening on
 * http://host:port/...`, then sends `first` to it and measures spawn -> first answer. Fails (and
 * kills the child) past `deadlineMs`.
 */
export async function spawnServer(
  args: string[],
  first: { method: string; path: string; headers?: Record<string, string> },
  deadlineMs = 30_000,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Spawned> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  live.add(child);
  const stop = () => stopChild(child);
  try {
    const origin = await listeningOrigin(child, deadlineMs);
    const firstAnswer = await send(origin, first.method, first.path, { headers: first.headers, timeoutMs: deadlineMs });
    return { origin, pid: child.pid!, startupMs: performance.now() - started, firstAnswer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listeningOrigin(child: ChildProcess, deadlineMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(`no "listening on" line within ${deadlineMs} ms`), deadlineMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${child.spawnargs.join(' ')}: ${why}\n${err.slice(-2000)}`));
    };
    child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^/\s]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve(match[1]!);
      }
    });
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) before listening`));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    live.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  live.delete(child);
}

/** Resident and peak resident memory of a process, in MiB (Linux /proc). */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU time (user + system) a process has used so far, in ms (Linux /proc); NaN elsewhere. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return NaN;
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
