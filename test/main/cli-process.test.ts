import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** A project that has mock-api installed, as `npx mock-api` finds it. */
function consumerProject() {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-consumer-'));
  writeFileSync(join(dir, 'package.json'), '{"name":"consumer","version":"1.0.0","private":true}');
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', 'mock-api'));
  symlinkSync('../mock-api/bin/mock-api.cjs', join(dir, 'node_modules', '.bin', 'mock-api'));
  return dir;
}

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

/** Resolves true once nothing answers on the server's port, false if something still does after 5 s. */
async function refusedWithin5s(url: string) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      await (await fetch(`${origin(url)}/_mock/health`)).text();
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('no server outlives the command that started it', () => {
  it('stops when `npx mock-api start` is sent SIGTERM', async () => {
    const child = spawn('npx', ['mock-api', 'start', '--port', '0', '--quiet'], { cwd: consumerProject(), stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await listeningUrl(child);
    child.kill('SIGTERM');
    expect(await refusedWithin5s(url)).toBe(true);
  });

  it('stops on Ctrl-C in a terminal running `npx mock-api start` (SIGINT to its process group)', async () => {
    const child = spawn('npx', ['mock-api', 'start', '--port', '0', '--quiet'], { cwd: consumerProject(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const url = await listeningUrl(child);
    process.kill(-child.pid!, 'SIGINT');
    expect(await refusedWithin5s(url)).toBe(true);
  });

  it('stops when `npm start` is sent SIGTERM', async () => {
    const child = spawn('npm', ['start', '--', '--port', '0', '--quiet'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await listeningUrl(child);
    child.kill('SIGTERM');
    expect(await refusedWithin5s(url)).toBe(true);
  });

  it('keeps running after its parent ends when started with --outlive-parent', async () => {
    const cwd = consumerProject();
    const pidFile = join(cwd, 'mock-api.pid');
    const child = spawn('npx', ['mock-api', 'start', '--port', '0', '--quiet', '--outlive-parent', '--pid-file', pidFile], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await listeningUrl(child);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    expect((await fetch(`${origin(url)}/_mock/health`)).status).toBe(200);
    const stop = spawnSync('npx', ['mock-api', 'stop', '--pid-file', pidFile], { cwd, encoding: 'utf8', timeout: 15_000 });
    expect(stop.status).toBe(0);
    expect(await refusedWithin5s(url)).toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  });
});

describe('SIGTERM', () => {
  it('answers the request in flight, then exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-api-slow-'));
    const scenario = join(dir, 'slow.json');
    writeFileSync(scenario, JSON.stringify({ name: 'slow', rules: [{ match: { method: 'GET', path: '/auth/user' }, delayMs: 800 }] }));
    const child = spawn(process.execPath, [join(root, 'bin', 'mock-api.cjs'), 'start', '--port', '0', '--quiet', '--scenario', scenario], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await listeningUrl(child);
    const slow = fetch(`${url}/auth/user`);
    // The rule counts its hit when the request arrives: from then on the request is in flight.
    while (!JSON.stringify(await (await fetch(`${origin(url)}/_mock/scenarios`)).json()).includes('"hits":1')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const reply = await slow;
    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({ error: { message: 'Missing Credentials', status_code: 401 } });
    expect(await exited).toBe(0);
  });
});
