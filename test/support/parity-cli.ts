// The CLI as process tests drive it for record and drift: servers and recorders started, traffic sent through them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import WebSocket from 'ws';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'mock-api.cjs');

export function run(args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, cwd: root });
}

/** Starts `mock-api <args>` and answers the first URL of the line that `pattern` finds. */
export async function started(
  args: string[],
  pattern: RegExp,
): Promise<{ url: string; child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = pattern.exec(line);
      if (found) resolve(found[1]!);
    });
    void exited.then((code) => reject(new Error(`mock-api ${args[0]} exited with ${code}`)));
  });
  return { url, child, exited };
}

export const upstreamServer = (args: string[] = []) => started(['start', '--port', '0', '--quiet', ...args], /listening on (\S+)/);
export const recorder = (upstream: string, out: string) =>
  started(['record', '--upstream', upstream, '--port', '0', '--out', out, '--quiet'], /recording \S+ on (\S+)/);

export const PASSWORD = 'alice-password';
export const BASIC = `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`;
const UA = { 'user-agent': 'parity-test/1.0' };

/**
 * A client's session through `api`: a login, reads, a refusal, a group created and read by its new id,
 * and an event socket that sends a frame and receives the one `push` makes the upstream send.
 */
export async function clientSession(api: string, push: (userId: string) => Promise<void>) {
  const login = await fetch(`${api}/auth/user`, { headers: { ...UA, authorization: BASIC } });
  const user = (await login.json()) as { id: string };
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const token = /auth=([^;]+)/.exec(cookie)![1]!;
  const call = (path: string, init: RequestInit = {}) => fetch(`${api}${path}`, { ...init, headers: { ...UA, cookie, ...init.headers } });
  await call('/auth/user');
  await call('/groups/grp_00000000-0000-4000-8000-00000000dead');
  await call('/worlds/active');
  const created = (await (
    await call('/groups', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Parity', shortCode: 'PARITY', roleTemplate: 'default' }),
    })
  ).json()) as { id: string };
  await call(`/groups/${created.id}`);
  const socket = new WebSocket(`${api.replace(/^http/, 'ws').replace(/\/api\/1$/, '/')}?authToken=${token}`, { headers: UA });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const received = new Promise((resolve) => socket.once('message', resolve));
  socket.send('{"type":"hello"}');
  await push(user.id);
  await received;
  socket.close();
  await new Promise((resolve) => socket.once('close', resolve));
  return { cookie, token, requests: 7, groupId: created.id };
}

/** The upstream's control plane sends a frame to the user's sockets. */
export const pushFrame = (upstream: string) => async (userId: string) => {
  const origin = new URL(upstream).origin;
  await fetch(`${origin}/_mock/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, type: 'notification', content: { id: 'not_parity', type: 'friendRequest' } }),
  });
};
