// Push channels against clients that never read: event sockets on one user's sessions, a control-plane
// broadcast of large frames, stalled console streams. The server must stay within its --max-memory
// budget and keep answering everyone else.
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { memoryOf } from '../processes.js';
import { JSON_HEADERS, login, pool } from './client.js';
import type { Server } from './checks.js';

const ALICE = 'usr_a11ce000-0000-4000-8000-000000000001';
const USER_AGENT = 'mock-api-stress/1.0 stress@example.test';
const SESSIONS = 10;

export interface FloodSize {
  sockets: number;
  edits: number;
  frames: number;
}

/** RSS sampled every 200 ms while `work` runs: the highest seen, in MiB. */
async function peakRssDuring<T>(pid: number, work: Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peakMiB = memoryOf(pid)?.rssMiB ?? NaN;
  const timer = setInterval(() => (peakMiB = Math.max(peakMiB, memoryOf(pid)?.rssMiB ?? NaN)), 200);
  try {
    return { result: await work, peakMiB: Math.max(peakMiB, memoryOf(pid)?.rssMiB ?? NaN) };
  } finally {
    clearInterval(timer);
  }
}

/** Opens a socket and stops reading it once open; resolves either way (refused or cut is fine). */
function stalledSocket(origin: string, token: string, world?: string): Promise<WebSocket> {
  const query = world ? `world=${world}&authToken=${token}` : `authToken=${token}`;
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/?${query}`, { headers: { 'user-agent': USER_AGENT } });
  ws.on('error', () => {});
  return new Promise((resolve) => {
    ws.once('open', () => {
      (ws as unknown as { _socket: Socket })._socket.pause();
      resolve(ws);
    });
    ws.once('close', () => resolve(ws));
  });
}

/** A socket that reads: counts what it was sent and answers when a frame of `type` comes. */
function readingSocket(origin: string, token: string) {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/?authToken=${token}`, { headers: { 'user-agent': USER_AGENT } });
  let frames = 0;
  const seen = new Map<string, () => void>();
  ws.on('message', (data) => {
    frames += 1;
    seen.get(JSON.parse(data.toString()).type)?.();
  });
  return {
    ws,
    opened: new Promise((resolve) => ws.once('open', resolve)),
    frames: () => frames,
    when: (type: string, ms = 10_000) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        seen.set(type, () => (clearTimeout(timer), resolve(true)));
      }),
  };
}

async function budgetMiB(server: Server): Promise<number> {
  return JSON.parse((await server.client.must({ method: 'GET', path: '/_mock/limits' })).text).maxMemory / 1024 / 1024;
}

async function openSockets(server: Server, count: number) {
  const tokens: string[] = [];
  for (let i = 0; i < SESSIONS; i++) tokens.push((await login(server.client, 'alice', 'alice-password')).slice('auth='.length));
  const stalled = await pool(count, 50, (i) => stalledSocket(server.origin, tokens[i % SESSIONS]!));
  const bobCookie = await login(server.client, 'bob', 'bob-password');
  const bob = readingSocket(server.origin, bobCookie.slice('auth='.length));
  await bob.opened;
  const listed = JSON.parse((await server.client.must({ method: 'GET', path: '/_mock/pipeline' })).text).sockets as { userId: string }[];
  return { stalled, bob, aliceCookie: `auth=${tokens[0]}`, aliceSockets: listed.filter((s) => s.userId === ALICE).length };
}

/** Whether bob, reading, gets a marker and the API answers him, and how long that took. */
async function othersAnswered(server: Server, bob: ReturnType<typeof readingSocket>, cookie: string) {
  const started = performance.now();
  const marker = bob.when('stress-marker');
  await server.client.must({
    method: 'POST',
    path: '/_mock/pipeline',
    headers: JSON_HEADERS,
    body: JSON.stringify({ type: 'stress-marker', content: {} }),
  });
  const me = await server.client.must({ method: 'GET', path: '/api/1/auth/user', headers: { cookie } });
  return { ok: (await marker) && me.status === 200, ms: performance.now() - started };
}

export function floodChecks(size: FloodSize): [string, (server: Server) => Promise<{ ok: boolean; detail: string }>][] {
  return [
    [
      `event socket: ${size.sockets} non-reading sockets of alice, ${size.edits} profile edits`,
      async (server) => {
        await server.client.must({ method: 'POST', path: '/_mock/reset' });
        const budget = await budgetMiB(server);
        const before = memoryOf(server.pid)?.rssMiB ?? NaN;
        const { stalled, bob, aliceSockets, aliceCookie: cookie } = await openSockets(server, size.sockets);
        const bio = 'b'.repeat(400);
        const started = performance.now();
        const { result: edits, peakMiB } = await peakRssDuring(
          server.pid,
          pool(size.edits, 8, (i) =>
            server.client.must({
              method: 'PUT',
              path: `/api/1/users/${ALICE}`,
              headers: { ...JSON_HEADERS, cookie },
              body: JSON.stringify({ bio: `${i} ${bio}` }),
            }),
          ),
        );
        const seconds = (performance.now() - started) / 1000;
        const others = await othersAnswered(server, bob, await login(server.client, 'bob', 'bob-password'));
        const left = JSON.parse((await server.client.must({ method: 'GET', path: '/_mock/pipeline' })).text).sockets.filter(
          (s: { userId: string }) => s.userId === ALICE,
        ).length;
        for (const ws of stalled) ws.terminate();
        bob.ws.terminate();
        const ok = edits.every((e) => e.status === 200) && peakMiB < budget && others.ok;
        return {
          ok,
          detail:
            `${aliceSockets} of ${size.sockets} sockets kept open (10 a session, ${SESSIONS} sessions), ${left} left after the edits; ` +
            `${size.edits} edits in ${seconds.toFixed(1)} s (${(size.edits / seconds).toFixed(0)}/s); RSS ${before.toFixed(0)} -> peak ${peakMiB.toFixed(0)} MiB (budget ${budget.toFixed(0)}); ` +
            `bob answered in ${others.ms.toFixed(0)} ms`,
        };
      },
    ],
    [
      `event socket: ${size.sockets} non-reading sockets over ${size.sockets / 100} worlds (100 a world, each within its own bound), 256 KB frames to each world`,
      async (server) => {
        const budget = await budgetMiB(server);
        const limits = JSON.parse((await server.client.must({ method: 'GET', path: '/_mock/limits' })).text);
        const share = (limits.limits.pushQueueShare.value * limits.maxMemory) / 1024 / 1024;
        const worlds: string[] = [];
        for (let i = 0; i < size.sockets / 100; i++)
          worlds.push(JSON.parse((await server.client.must({ method: 'POST', path: '/_mock/worlds' })).text).id);
        const stalled: WebSocket[] = [];
        for (const world of worlds) {
          const tokens: string[] = [];
          for (let i = 0; i < SESSIONS; i++)
            tokens.push((await login(server.client, 'alice', 'alice-password', world)).slice('auth='.length));
          stalled.push(...(await pool(100, 50, (i) => stalledSocket(server.origin, tokens[i % SESSIONS]!, world))));
        }
        const bobCookie = await login(server.client, 'bob', 'bob-password');
        const bob = readingSocket(server.origin, bobCookie.slice('auth='.length));
        await bob.opened;
        const body = JSON.stringify({ type: 'bulk', content: { data: 'x'.repeat(256 * 1024) } });
        const rounds = 40;
        const { result: sent, peakMiB } = await peakRssDuring(
          server.pid,
          pool(rounds * worlds.length, 4, (i) =>
            server.client.must({
              method: 'POST',
              path: '/_mock/pipeline',
              headers: { ...JSON_HEADERS, 'x-mock-world': worlds[i % worlds.length]! },
              body,
            }),
          ),
        );
        let open = 0;
        for (const world of worlds) {
          const listed = await server.client.must({ method: 'GET', path: '/_mock/pipeline', headers: { 'x-mock-world': world } });
          open += JSON.parse(listed.text).sockets.length;
        }
        const others = await othersAnswered(server, bob, bobCookie);
        for (const ws of stalled) ws.terminate();
        bob.ws.terminate();
        for (const world of worlds) await server.client.must({ method: 'DELETE', path: `/_mock/worlds/${world}` });
        const ok = sent.every((s) => s.status === 200) && peakMiB < budget && others.ok;
        return {
          ok,
          detail:
            `${rounds * worlds.length} frames of 256 KB; ${open} of ${stalled.length} stalled sockets still open at the end; RSS peak ${peakMiB.toFixed(0)} MiB ` +
            `(budget ${budget.toFixed(0)}, socket share ${share.toFixed(0)}); bob answered in ${others.ms.toFixed(0)} ms`,
        };
      },
    ],
    [
      `event socket: control-plane broadcast of ${size.frames} x 64 KB frames to non-reading sockets`,
      async (server) => {
        await server.client.must({ method: 'POST', path: '/_mock/reset' });
        const budget = await budgetMiB(server);
        const { stalled, bob } = await openSockets(server, Math.min(size.sockets, 100));
        const body = JSON.stringify({ type: 'bulk', content: { data: 'x'.repeat(64 * 1024) } });
        const { result: sent, peakMiB } = await peakRssDuring(
          server.pid,
          pool(size.frames, 4, () => server.client.must({ method: 'POST', path: '/_mock/pipeline', headers: JSON_HEADERS, body })),
        );
        const listed = await server.client.must({ method: 'GET', path: '/_mock/pipeline' });
        const others = await othersAnswered(server, bob, await login(server.client, 'bob', 'bob-password'));
        for (const ws of stalled) ws.terminate();
        bob.ws.terminate();
        const ok = sent.every((s) => s.status === 200) && listed.status === 200 && peakMiB < budget && others.ok;
        return {
          ok,
          detail: `RSS peak ${peakMiB.toFixed(0)} MiB (budget ${budget.toFixed(0)}); GET /_mock/pipeline ${listed.status} (${(listed.text.length / 1024 / 1024).toFixed(1)} MiB); bob answered in ${others.ms.toFixed(0)} ms`,
        };
      },
    ],
    [
      'console: 10 stalled request streams, 1,000 journalled 60 KB requests',
      async (server) => {
        await server.client.must({ method: 'POST', path: '/_mock/reset' });
        const budget = await budgetMiB(server);
        const { port } = new URL(server.origin);
        const streams = Array.from({ length: 10 }, () => {
          const socket = connect(Number(port), '127.0.0.1');
          socket.on('error', () => {});
          socket.write(`GET /_mock/requests/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
          socket.once('data', () => socket.pause());
          return socket;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const body = JSON.stringify({ bio: 'j'.repeat(60 * 1024) });
        const { result: answers, peakMiB } = await peakRssDuring(
          server.pid,
          pool(1_000, 8, () => server.client.must({ method: 'POST', path: '/api/1/auth/register', headers: JSON_HEADERS, body })),
        );
        const health = await server.client.must({ method: 'GET', path: '/_mock/health' });
        for (const socket of streams) socket.destroy();
        const ok = answers.every((a) => a.status < 500) && health.status === 200 && peakMiB < budget;
        return {
          ok,
          detail: `RSS peak ${peakMiB.toFixed(0)} MiB (budget ${budget.toFixed(0)}); health ${health.status} in ${health.ms.toFixed(0)} ms`,
        };
      },
    ],
  ];
}
