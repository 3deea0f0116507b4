import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { consumerProject } from '../support/consumer-project.js';

const root = join(import.meta.dirname, '..', '..');

function listeningUrl(child: ChildProcess) {
  return new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = /mock-api listening on (\S+)/.exec(line)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
}

const origin = (url: string) => new URL(url).origin;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when a connection to the server's port is refused: nothing listens there any more. */
function refused(url: string) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), new URL(url).hostname);
    socket.once('connect', () => resolve(false)).once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    socket.unref();
    setTimeout(() => socket.destroy(), 100);
  });
}

/** Resolves true once the port refuses connections, false if it still takes them after `ms`. */
async function refusedWithin(url: string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await refused(url)) return true;
    await pause(25);
  }
  return false;
}

/** True once `file` is gone: the server removes its pid file as it exits. */
async function goneWithin(file: string, ms: number) {
  const deadline = Date.now() + ms;
  while (existsSync(file) && Date.now() < deadline) await pause(25);
  return !existsSync(file);
}

interface Launched {
  launcher: ChildProcess;
  url: string;
  serverPid: number;
  pidFile: string;
}

const started: { pid: number; pidFile: string }[] = [];
// A failed test must not leave its server behind; a server that exited has removed its pid file.
afterEach(() => {
  for (const { pid, pidFile } of started.splice(0)) if (existsSync(pidFile)) process.kill(pid, 'SIGKILL');
});

/** Starts the server through a launcher in a consumer project; answers once the server listens. */
async function launch(cwd: string, command: string, args: (pidFile: string) => string[]): Promise<Launched> {
  const pidFile = join(cwd, 'mock-api.pid');
  const env = { ...process.env, PATH: `${join(cwd, 'node_modules', '.bin')}:${process.env.PATH}` };
  const launcher = spawn(command, args(pidFile), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await listeningUrl(launcher);
  while (!existsSync(pidFile)) await pause(10);
  const serverPid = Number(readFileSync(pidFile, 'utf8'));
  started.push({ pid: serverPid, pidFile });
  return { launcher, url, pidFile, serverPid };
}

/** `mock-api stop --pid-file`, run by node itself: the test is about the server, not how fast npx starts. */
const stopByPidFile = (pidFile: string) =>
  spawnSync(process.execPath, [join(root, 'bin', 'mock-api.cjs'), 'stop', '--pid-file', pidFile], { encoding: 'utf8', timeout: 15_000 });

const quiet = ['--port', '0', '--quiet', '--pid-file'];
const launchers: [string, string, (pidFile: string) => string[]][] = [
  ['npx mock-api start', 'npx', (pidFile) => ['mock-api', 'start', ...quiet, pidFile]],
  ['npm start (a start script that runs mock-api)', 'npm', (pidFile) => ['start', '--', ...quiet, pidFile]],
  ["sh -c 'mock-api start'", 'sh', (pidFile) => ['-c', `mock-api start ${quiet.join(' ')} "$0"`, pidFile]],
  ["sh -c 'npx mock-api start'", 'sh', (pidFile) => ['-c', `npx mock-api start ${quiet.join(' ')} "$0"`, pidFile]],
];

/** A CI step, `sh -c`, that starts the server in the background and ends once it listens; answers its URL. */
function backgroundStep(cwd: string, flags: string[] = []) {
  const pidFile = join(cwd, 'mock-api.pid');
  const step = spawnSync(
    'sh',
    [
      '-c',
      `npx mock-api start ${[...flags, ...quiet].join(' ')} "$0" > mock-api.log 2>&1 &\nuntil grep -q 'listening on' mock-api.log; do sleep 0.05; done`,
      pidFile,
    ],
    { cwd, encoding: 'utf8', timeout: 30_000 },
  );
  expect(step.status).toBe(0);
  started.push({ pid: Number(readFileSync(pidFile, 'utf8')), pidFile });
  return { url: /mock-api listening on (\S+)/.exec(readFileSync(join(cwd, 'mock-api.log'), 'utf8'))![1]!, pidFile };
}

/** A scenario that holds `GET /auth/user` for 800 ms: a request in flight while the server is stopped. */
function slowScenario() {
  const file = join(mkdtempSync(join(tmpdir(), 'mock-api-slow-')), 'slow.json');
  writeFileSync(file, JSON.stringify({ name: 'slow', rules: [{ match: { method: 'GET', path: '/auth/user' }, delayMs: 800 }] }));
  return file;
}

/** Starts `GET /auth/user` under the slow scenario and resolves once the server holds it. */
async function requestInFlight(url: string) {
  const reply = fetch(`${url}/auth/user`);
  // The rule counts its hit when the request arrives: from then on the request is in flight.
  while (!JSON.stringify(await (await fetch(`${origin(url)}/_mock/scenarios`)).json()).includes('"hits":1')) await pause(20);
  return reply;
}

describe('no server outlives the command that started it', () => {
  for (const [name, command, args] of launchers) {
    it(`stops within 1 s when \`${name}\` is killed with SIGKILL`, async () => {
      const { launcher, url, serverPid, pidFile } = await launch(consumerProject(), command, args);
      expect(serverPid).not.toBe(launcher.pid);
      launcher.kill('SIGKILL');
      expect(await refusedWithin(url, 1000)).toBe(true);
      expect(await goneWithin(pidFile, 1000)).toBe(true);
    });
  }

  it('answers the request in flight when its launcher is killed, then stops', async () => {
    const { launcher, url, pidFile } = await launch(consumerProject(), 'npx', (pidFile) => [
      'mock-api',
      'start',
      ...quiet,
      pidFile,
      '--scenario',
      slowScenario(),
    ]);
    const reply = await requestInFlight(url);
    launcher.kill('SIGKILL');
    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({ error: { message: 'Missing Credentials', status_code: 401 } });
    expect(await refusedWithin(url, 2000)).toBe(true);
    expect(await goneWithin(pidFile, 2000)).toBe(true);
  });

  it('stops when the shell that ran `npx mock-api start &` ends, though npx goes on', async () => {
    const { url, pidFile } = backgroundStep(consumerProject());
    expect(await refusedWithin(url, 1000)).toBe(true);
    expect(await goneWithin(pidFile, 1000)).toBe(true);
  });

  it('keeps running after the shell that ran `npx mock-api start --outlive-parent &` ends, until stopped by its pid file', async () => {
    const { url, pidFile } = backgroundStep(consumerProject(), ['--outlive-parent']);
    // Several rounds of the server's watch of its launcher.
    await pause(1000);
    expect((await fetch(`${origin(url)}/_mock/health`)).status).toBe(200);
    expect(stopByPidFile(pidFile).status).toBe(0);
    expect(await refusedWithin(url, 2000)).toBe(true);
  });

  it('stops when `npx mock-api start` is sent SIGTERM', async () => {
    const { launcher, url, pidFile } = await launch(consumerProject(), 'npx', (pidFile) => ['mock-api', 'start', ...quiet, pidFile]);
    launcher.kill('SIGTERM');
    expect(await refusedWithin(url, 2000)).toBe(true);
    expect(await goneWithin(pidFile, 2000)).toBe(true);
  });

  it('stops on Ctrl-C in a terminal running `npx mock-api start` (SIGINT to its process group)', async () => {
    const child = spawn('npx', ['mock-api', 'start', '--port', '0', '--quiet'], {
      cwd: consumerProject(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const url = await listeningUrl(child);
    process.kill(-child.pid!, 'SIGINT');
    expect(await refusedWithin(url, 2000)).toBe(true);
  });

  it("stops when this repository's `npm start` is sent SIGTERM", async () => {
    const child = spawn('npm', ['start', '--', '--port', '0', '--quiet'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await listeningUrl(child);
    child.kill('SIGTERM');
    expect(await refusedWithin(url, 2000)).toBe(true);
  });

  it('keeps running after `npx` is killed when started with --outlive-parent, until stopped by its pid file', async () => {
    const { launcher, url, pidFile } = await launch(consumerProject(), 'npx', (pidFile) => [
      'mock-api',
      'start',
      ...quiet,
      pidFile,
      '--outlive-parent',
    ]);
    launcher.kill('SIGKILL');
    // Several rounds of the server's watch of its launcher.
    await pause(1000);
    expect((await fetch(`${origin(url)}/_mock/health`)).status).toBe(200);
    expect(stopByPidFile(pidFile).status).toBe(0);
    expect(await refusedWithin(url, 2000)).toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  });
});

describe('SIGTERM', () => {
  it('answers the request in flight, then exits 0', async () => {
    const child = spawn(
      process.execPath,
      [join(root, 'bin', 'mock-api.cjs'), 'start', '--port', '0', '--quiet', '--scenario', slowScenario()],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const url = await listeningUrl(child);
    const slow = await requestInFlight(url);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(slow.status).toBe(401);
    expect(await slow.json()).toEqual({ error: { message: 'Missing Credentials', status_code: 401 } });
    expect(await exited).toBe(0);
  });
});
