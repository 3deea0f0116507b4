import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, sandboxDeps, type AppDeps } from '../../src/main/app.js';
import { ReplayedReads } from '../../src/main/replayed-reads.js';
import { manualClock, type ManualClock } from '../../src/store/clock.js';
import { SandboxSource } from '../../src/store/sandbox-source.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import type { SandboxData } from '../../src/store/fixtures/fixtures.js';
import { messages } from '../../src/errors.js';
import { ids } from '../support/helpers.js';
import { worlds } from '../support/worlds-fixture-ids.js';

const defaultData = readFixtureDir(defaultFixturesDir);
const AGENT = 'replay-test/1.0 (tests@example.com)';
const basic = (user: string) => `Basic ${Buffer.from(`${user}:${user}-password`).toString('base64')}`;

interface Answer {
  status: number;
  /** Node's raw header list without Date, which every answer takes at its own second. */
  headers: string[];
  text: string;
  setCookie: string[];
}

/**
 * The default world on a manual clock, served as `mock-api start` serves it (replays first, the app for
 * the rest), counting the requests answered by replay.
 */
async function replayingServer(tweak?: (data: SandboxData) => void) {
  const data = structuredClone(defaultData);
  tweak?.(data);
  const clock: ManualClock = manualClock('2026-01-15T12:00:00.000Z');
  const deps: AppDeps = sandboxDeps(SandboxSource.inMemory(data), () => manualClock('2026-01-15T12:00:00.000Z'), {
    defaultClock: clock,
    onUnexpectedError: (error) => errors.push(error),
  });
  const errors: unknown[] = [];
  const replays = new ReplayedReads(deps);
  const listener = getRequestListener(createApp(deps, replays).fetch);
  let replayed = 0;
  const server: Server = createServer((req, res) => {
    if (replays.answer(req, res)) replayed++;
    else void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;

  function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: path.startsWith('/_mock/') ? path : `/api/1${path}`,
          headers: { 'user-agent': AGENT, ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            const headers: string[] = [];
            for (let i = 0; i < res.rawHeaders.length; i += 2) {
              if (res.rawHeaders[i] !== 'Date') headers.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            }
            resolve({ status: res.statusCode!, headers, text, setCookie: res.headers['set-cookie'] ?? [] });
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }

  async function login(user: string, headers: Record<string, string> = {}) {
    const answer = await send('GET', '/auth/user', { authorization: basic(user), ...headers });
    expect(answer.status, `login of ${user}`).toBe(200);
    return answer.setCookie.map((cookie) => cookie.split(';')[0]).join('; ');
  }

  return { deps, clock, send, login, errors, replayed: () => replayed };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('a cached read answered again by replay', () => {
  it('has the status, headers and body the app answered, and a journal entry of its own', async () => {
    const { deps, send, login, replayed } = await replayingServer();
    const cookie = await login('alice');
    const first = await send('GET', '/auth/user', { cookie });
    const again = [await send('GET', '/auth/user', { cookie }), await send('GET', '/auth/user', { cookie })];
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ id: ids.alice, username: 'alice' });
    expect(replayed()).toBe(2);
    for (const answer of again) expect(answer).toEqual(first);
    const entries = deps.journal.list().slice(-3);
    expect(entries.map((entry) => entry.seq)).toEqual([entries[0]!.seq, entries[0]!.seq + 1, entries[0]!.seq + 2]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ method: 'GET', path: '/api/1/auth/user', status: 200, userId: ids.alice, username: 'alice' });
      expect(entry.responseBody).toBe(first.text);
      expect(entry.requestHeaders.cookie).toBe(cookie);
      expect(entry.responseHeaders).toEqual(entries[0]!.responseHeaders);
    }
  });

  it("records a large answer in the journal cut where the app's entry is cut", async () => {
    // Three alignments of the cut against three-byte characters: it falls inside one at least once.
    for (const shift of [0, 1, 2]) {
      const { deps, send, login, replayed } = await replayingServer((data) => {
        data.users.find((user) => user.id === ids.alice)!.bio = `${'x'.repeat(shift)}${'界'.repeat(30_000)}`;
      });
      const cookie = await login('alice');
      for (let i = 0; i < 2; i++) await send('GET', '/auth/user', { cookie });
      expect(replayed()).toBe(1);
      const [app, replay] = deps.journal.list().slice(-2);
      expect(replay!.truncated).toBe(true);
      expect(replay!.responseBody).toBe(app!.responseBody);
    }
  });

  it('is made of GETs alone: a HEAD before leaves the GET its body and its method in the journal', async () => {
    const { deps, send, login } = await replayingServer();
    const cookie = await login('alice');
    for (let i = 0; i < 2; i++) expect((await send('HEAD', '/auth/user', { cookie })).text).toBe('');
    for (let i = 0; i < 2; i++) expect(JSON.parse((await send('GET', '/auth/user', { cookie })).text).username).toBe('alice');
    expect(
      deps.journal
        .list()
        .slice(-4)
        .map((entry) => entry.method),
    ).toEqual(['HEAD', 'HEAD', 'GET', 'GET']);
  });

  it('reports what throws on its way and leaves the server answering', async () => {
    const { deps, send, login, errors, replayed } = await replayingServer();
    const cookie = await login('alice');
    const first = await send('GET', '/auth/user', { cookie });
    const failure = new Error('a journal listener failed');
    const stop = deps.journal.onRecord(() => {
      throw failure;
    });
    const replay = await send('GET', '/auth/user', { cookie });
    stop();
    expect(replayed()).toBe(1);
    expect(replay).toEqual(first);
    expect(errors).toEqual([failure]);
    expect(await send('GET', '/auth/user', { cookie })).toEqual(first);
  });

  it('gives way to a write: the next read shows what it changed', async () => {
    const { send, login, replayed } = await replayingServer();
    const cookie = await login('alice');
    await send('GET', '/auth/user', { cookie });
    expect(JSON.parse((await send('GET', '/auth/user', { cookie })).text).bio).not.toBe('replayed no more');
    expect(replayed()).toBe(1);
    const write = await send('PUT', `/users/${ids.alice}`, { cookie, 'content-type': 'application/json' }, '{"bio":"replayed no more"}');
    expect(write.status).toBe(200);
    expect(JSON.parse((await send('GET', '/auth/user', { cookie })).text).bio).toBe('replayed no more');
    expect(replayed()).toBe(1);
  });

  it('is kept per session and per URL as sent', async () => {
    const { send, login } = await replayingServer();
    const [alice, bob] = [await login('alice'), await login('bob')];
    for (let round = 0; round < 2; round++) {
      expect(JSON.parse((await send('GET', '/auth/user', { cookie: alice })).text).username).toBe('alice');
      expect(JSON.parse((await send('GET', '/auth/user', { cookie: bob })).text).username).toBe('bob');
      expect(JSON.parse((await send('GET', '/favorites?n=1', { cookie: alice })).text)).toHaveLength(1);
      expect(JSON.parse((await send('GET', '/favorites?n=2', { cookie: alice })).text)).toHaveLength(2);
    }
  });

  it('never answers a login: each Basic login opens a session of its own', async () => {
    const { send } = await replayingServer();
    const logins = [];
    for (let i = 0; i < 3; i++) logins.push(await send('GET', '/auth/user', { authorization: basic('bob') }));
    const cookies = logins.map((answer) => answer.setCookie.find((set) => set.startsWith('auth='))?.split(';')[0]);
    expect(new Set(cookies).size).toBe(3);
    for (const cookie of cookies) expect(JSON.parse((await send('GET', '/auth/user', { cookie: cookie! })).text).username).toBe('bob');
  });

  it('ends with the session that read it, though nothing was written', async () => {
    const { clock, send, login, replayed } = await replayingServer();
    const cookie = await login('alice');
    await send('GET', '/auth/user', { cookie });
    await send('GET', '/auth/user', { cookie });
    expect(replayed()).toBe(1);
    clock.advance(defaultData.settings.sessionTtlMinutes * 60_000);
    const expired = await send('GET', '/auth/user', { cookie });
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.text).error.message).toBe(messages.missingCredentials);
  });

  it('ends where the answer stops holding on the clock: an instance closing at a planned time', async () => {
    const { clock, send, login } = await replayingServer();
    const cookie = await login('alice');
    const closesAt = new Date(clock.now() + 60 * 60_000).toISOString();
    const made = await send(
      'POST',
      '/instances',
      { cookie, 'content-type': 'application/json' },
      JSON.stringify({ worldId: worlds.aliceHome, type: 'friends', region: 'eu', ownerId: ids.alice, closedAt: closesAt }),
    );
    expect(made.status, made.text).toBe(200);
    const path = `/instances/${JSON.parse(made.text).location}`;
    for (let i = 0; i < 2; i++)
      expect(JSON.parse((await send('GET', path, { cookie })).text)).toMatchObject({ closedAt: closesAt, active: true });
    clock.advance(2 * 60 * 60_000);
    expect(JSON.parse((await send('GET', path, { cookie })).text)).toMatchObject({ active: false });
  });

  it('is not made while a scenario rule is loaded: a rule that starts later still answers', async () => {
    const { clock, send, login } = await replayingServer();
    const cookie = await login('alice');
    const rule = {
      name: 'later',
      rules: [
        {
          match: { method: 'GET', path: '/auth/user' },
          response: { status: 503, message: 'later' },
          during: { fromMinute: 5, toMinute: 10 },
        },
      ],
    };
    const posted = await send('POST', '/_mock/scenarios', { 'content-type': 'application/json' }, JSON.stringify(rule));
    expect(posted.status, posted.text).toBe(200);
    expect((await send('GET', '/auth/user', { cookie })).status).toBe(200);
    expect((await send('GET', '/auth/user', { cookie })).status).toBe(200);
    clock.advance(6 * 60_000);
    const taken = await send('GET', '/auth/user', { cookie });
    expect(taken.status).toBe(503);
    expect(JSON.parse(taken.text).error.message).toBe('later');
  });

  it('is made beside scenario rules of other paths, which still answer theirs', async () => {
    const { send, login, replayed } = await replayingServer();
    const cookie = await login('alice');
    const rule = {
      name: 'elsewhere',
      rules: [{ match: { method: 'GET', path: '/config' }, response: { status: 503, message: 'elsewhere' } }],
    };
    expect((await send('POST', '/_mock/scenarios', { 'content-type': 'application/json' }, JSON.stringify(rule))).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await send('GET', '/auth/user', { cookie })).status).toBe(200);
    expect(replayed()).toBe(2);
    for (let i = 0; i < 2; i++) expect((await send('GET', '/config', { cookie })).status).toBe(503);
  });

  it('asks for the same value of every header the answer read: a strict world refuses a placeholder User-Agent', async () => {
    const { send, login, replayed } = await replayingServer((data) => {
      data.settings.userAgent = 'strict';
    });
    const cookie = await login('alice');
    await send('GET', '/auth/user', { cookie });
    await send('GET', '/auth/user', { cookie });
    expect(replayed()).toBe(1);
    const refused = await send('GET', '/auth/user', { cookie, 'user-agent': 'node' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).error.message).toBe(messages.userAgentRequired);
  });

  it('comes from the world X-Mock-World names, and not once that world is gone', async () => {
    const { send, login } = await replayingServer();
    const made = await send('POST', '/_mock/worlds', { 'content-type': 'application/json' }, '{}');
    expect(made.status, made.text).toBe(200);
    const world = { 'x-mock-world': JSON.parse(made.text).id as string };
    const cookie = await login('alice', world);
    const defaultCookie = await login('alice');
    for (let i = 0; i < 2; i++) expect((await send('GET', '/auth/user', { cookie, ...world })).status).toBe(200);
    expect((await send('GET', '/auth/user', { cookie })).status).toBe(401);
    expect((await send('GET', '/auth/user', { cookie: defaultCookie, ...world })).status).toBe(401);
    expect((await send('DELETE', `/_mock/worlds/${world['x-mock-world']}`)).status).toBe(200);
    const gone = await send('GET', '/auth/user', { cookie, ...world });
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).error.message).toBe(messages.unknownSandbox(world['x-mock-world']));
  });
});
