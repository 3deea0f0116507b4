import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox, type TestSandbox } from '../support/helpers.js';
import { messages } from '../../src/errors.js';
import { createApp, sandboxDeps } from '../../src/main/app.js';
import { manualClock } from '../../src/store/clock.js';
import { SandboxSource } from '../../src/store/sandbox-source.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import { readReadyMadeScenarios } from '../../src/scenarios/scenario-files.js';
import { encodeBasic } from '../../src/http/basic-auth.js';
import type { JournalEntry } from '../../src/control/journal.js';
import { LIMITS } from '../../src/limits.js';

const builders = 'grp_00000001-0000-4000-8000-000000000000';

async function control(t: TestSandbox, path: string, init: RequestInit = {}) {
  const response = await t.app.request(`/_mock${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

describe('the console page', () => {
  it('is served at /_mock/ as one HTML document that loads nothing from elsewhere', async () => {
    const t = testSandbox();
    for (const path of ['/', '']) {
      const reply = await control(t, path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).toContain('<title>mock-api console</title>');
      expect(reply.text).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
    }
  });

  it('may not be framed, and runs no inline script or style, as its Content-Security-Policy says', async () => {
    const t = testSandbox();
    for (const path of ['/', '', '/console']) {
      const reply = await control(t, path);
      expect(reply.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.text.match(/<script[^>]*>/g)).toEqual(['<script src="/_mock/console.js" defer>']);
      expect(reply.text).toContain('<script src="/_mock/console.js" defer></script>');
      expect(reply.text).not.toMatch(/<style|\sstyle=|<[^>]+\son[a-z]+=/i);
      expect(reply.text).toContain('<link rel="stylesheet" href="/_mock/console.css">');
    }
  });

  it('serves its script, built from the TypeScript source, and its style', async () => {
    const t = testSandbox();
    const script = await control(t, '/console.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toMatch(/^"use strict";\n\(\(\) => \{/);
    expect(script.text).toContain('new EventSource(`/_mock/requests/stream?${query}`)');
    expect(script.text).not.toMatch(/\binterface\b|: HTMLElement/);
    const style = await control(t, '/console.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(style.text).toContain('.scroll { overflow: auto;');
  });

  it('serves its script and style without the control token, which the page itself needs', async () => {
    const app = createApp(
      sandboxDeps(SandboxSource.inMemory(readFixtureDir(defaultFixturesDir)), () => manualClock(), { control: { token: 'sesame' } }),
    );
    expect((await app.request('/_mock/')).status).toBe(401);
    expect((await app.request('/_mock/?token=sesame')).status).toBe(200);
    expect((await app.request('/_mock/console.js')).status).toBe(200);
    expect((await app.request('/_mock/console.css')).status).toBe(200);
    expect((await app.request('/_mock/requests/stream?after=x')).status).toBe(401);
  });
});

describe('world views', () => {
  it('lists users with their live sessions and two-factor state, without passwords or secrets', async () => {
    const t = testSandbox();
    await t.login('alice');
    await t.login('alice');
    const reply = await control(t, '/state/users?n=10');
    expect(reply.status).toBe(200);
    const alice = reply.body.items.find((user: { id: string }) => user.id === ids.alice);
    expect(alice).toMatchObject({ username: 'alice', sessions: 2, twoFactor: false });
    expect(reply.body.items.find((user: { id: string }) => user.id === ids.carol).twoFactor).toBe(true);
    expect(reply.text).not.toContain('alice-password');
    const record = await control(t, `/records/${ids.carol}`);
    expect(record.body.kind).toBe('user');
    for (const secret of ['carol-password', 'JBSWY3DPEHPK3PXP', '1111-2222']) expect(record.text).not.toContain(secret);
  });

  it('pages and searches users', async () => {
    const t = testSandbox();
    const first = await control(t, '/state/users?n=2');
    expect(first.body).toMatchObject({ total: 7, offset: 0 });
    expect(first.body.items).toHaveLength(2);
    const second = await control(t, '/state/users?n=2&offset=2');
    expect(second.body.items.map((u: { username: string }) => u.username)).toEqual(['carol', 'admin']);
    const found = await control(t, '/state/users?search=BO');
    expect(found.body.items.map((u: { username: string }) => u.username)).toEqual(['bob']);
  });

  it("counts a group's events of the current month against the monthly limit", async () => {
    const t = testSandbox();
    const before = (await control(t, '/state/groups?search=Builders')).body.items[0];
    const cookie = await t.login('alice');
    const created = await t.call('POST', `/calendar/${builders}/event`, {
      cookie,
      body: {
        title: 'Later today',
        description: 'x',
        startsAt: '2026-01-20T18:00:00Z',
        endsAt: '2026-01-20T19:00:00Z',
        accessType: 'public',
        category: 'hangout',
        sendCreationNotification: false,
      },
    });
    expect(created.status).toBe(200);
    const after = (await control(t, '/state/groups?search=Builders')).body.items[0];
    expect(after.eventsThisMonth).toBe(before.eventsThisMonth + 1);
    expect(after.eventsLimit).toBe(100);
  });

  it("shows an invite-message slot's cooldown in minutes left, following the world's clock", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expect((await t.call('PUT', `/message/${ids.bob}/message/5`, { cookie, body: { message: 'Come over' } })).status).toBe(200);
    const slot = async () =>
      (await control(t, `/state/invite-messages?search=Come over`)).body.items.find((s: { slot: number }) => s.slot === 5);
    expect((await slot()).cooldownMinutesLeft).toBe(60);
    t.clock.advance(25 * 60_000);
    expect((await slot()).cooldownMinutesLeft).toBe(35);
  });

  it('reads the world that X-Mock-World names, and lists the worlds', async () => {
    const t = testSandbox();
    const { id } = (await control(t, '/worlds', { method: 'POST' })).body;
    expect((await control(t, '/worlds')).body.worlds).toEqual(['', id]);
    await t.call('GET', '/auth/user', { headers: { authorization: `Basic ${btoa('bob:bob-password')}`, 'x-mock-world': id } });
    const sessionsIn = async (headers: Record<string, string>) =>
      (await control(t, '/state/users?search=bob', { headers })).body.items[0].sessions;
    expect(await sessionsIn({ 'x-mock-world': id })).toBe(1);
    expect(await sessionsIn({})).toBe(0);
  });

  it('answers a 404 envelope for an unknown view or record', async () => {
    const t = testSandbox();
    const view = await control(t, '/state/passwords');
    expect(view.status).toBe(404);
    expect(view.body.error.message).toBe(messages.consoleUnknownView('passwords'));
    const record = await control(t, '/records/usr_nobody');
    expect(record.body.error.message).toBe(messages.consoleUnknownRecord('usr_nobody'));
  });

  it('refuses an out-of-range page size with a 400 naming it', async () => {
    const t = testSandbox();
    const reply = await t.app.request('/_mock/state/users?n=500');
    expectError({ status: reply.status, body: await reply.json(), headers: reply.headers, text: '' }, 400);
  });
});

describe('ready-made scenarios', () => {
  it('lists the files shipped in scenarios/ by name, ready to post', async () => {
    const t = testSandbox();
    t.deps.readyMadeScenarios = readReadyMadeScenarios;
    const listed = (await control(t, '/scenarios/ready-made')).body as { name: string; scenario: unknown }[];
    expect(listed.map((s) => s.name)).toContain('login-rate-limited');
    const chosen = listed.find((s) => s.name === 'login-rate-limited')!;
    const posted = await control(t, '/scenarios', {
      method: 'POST',
      body: JSON.stringify(chosen.scenario),
      headers: { 'content-type': 'application/json' },
    });
    expect(posted.status).toBe(200);
  });
});

/** The console's live stream, read as the browser's EventSource would. */
async function openStream(t: TestSandbox, query = '', headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await t.app.request(`/_mock/requests/stream${query}`, { signal: abort.signal, headers });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  return {
    response,
    async readUntil(needle: string) {
      while (!received.includes(needle)) received += decoder.decode((await reader.read()).value);
    },
    /** Each entry sent so far, with the event id it came with. */
    events(): { id: string | undefined; entry: JournalEntry }[] {
      return received
        .split('\n\n')
        .filter((event) => event.includes('data: {"'))
        .map((event) => {
          const lines = event.split('\n');
          const data = lines.find((line) => line.startsWith('data: '))!.slice('data: '.length);
          return { id: lines.find((line) => line.startsWith('id: '))?.slice('id: '.length), entry: JSON.parse(data) as JournalEntry };
        });
    },
    close: () => abort.abort(),
  };
}

const listed = async (t: TestSandbox, query = '') => (await control(t, `/requests${query}`)).body as JournalEntry[];

describe('the live request stream', () => {
  it("sends each API request of the chosen world as it is recorded, and nothing of another world's", async () => {
    const t = testSandbox();
    const { id } = (await control(t, '/worlds', { method: 'POST' })).body;
    const stream = await openStream(t);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.readUntil('event: ready');
    await t.call('GET', '/auth/user', { headers: { 'x-mock-world': id } });
    await t.call('GET', '/time');
    await stream.readUntil('/api/1/time');
    stream.close();
    const events = stream.events();
    expect(events).toHaveLength(1);
    expect(events[0]!.entry).toMatchObject({ method: 'GET', path: '/api/1/time', world: null });
    expect(events[0]!.id).toBe(String(events[0]!.entry.seq));
  });

  it('starts after the entry given as after=, sending first what was recorded since, once each', async () => {
    const t = testSandbox();
    await t.call('GET', '/time');
    const page = await listed(t);
    const after = Math.max(...page.map((entry) => entry.seq));
    // Recorded after the page was read and before the stream connects: the requests a console would miss.
    await t.call('GET', '/config');
    await t.call('GET', '/auth/user');
    const stream = await openStream(t, `?after=${after}`);
    await stream.readUntil('event: ready');
    await t.call('GET', '/time?live=1');
    await stream.readUntil('live=1');
    stream.close();
    expect(stream.events().map(({ entry }) => entry.path + (entry.query ? `?${entry.query}` : ''))).toEqual([
      '/api/1/config',
      '/api/1/auth/user',
      '/api/1/time?live=1',
    ]);
  });

  it('resumes after the Last-Event-ID a reconnecting browser sends, rather than the after= of its first connect', async () => {
    const t = testSandbox();
    await t.call('GET', '/time');
    await t.call('GET', '/config');
    const [first, second] = await listed(t);
    const stream = await openStream(t, `?after=0`, { 'last-event-id': String(first!.seq) });
    await stream.readUntil('/api/1/config');
    stream.close();
    expect(stream.events().map(({ id }) => id)).toEqual([String(second!.seq)]);
  });

  it('asks the console to list the journal again when more was recorded since its cursor than a stream holds unread', async () => {
    const t = testSandbox();
    const body = { bio: 'b'.repeat(60 * 1024) };
    const requests = Math.ceil((1.5 * LIMITS.consoleStreamUnreadBytes.value) / (60 * 1024));
    for (let i = 0; i < requests; i++) await t.call('POST', '/auth/register', { body });
    const text = await (await t.app.request('/_mock/requests/stream?after=0')).text();
    expect(text).toBe('event: resync\ndata: {}\n\n');
    const recent = (await listed(t)).at(-2)!.seq;
    const stream = await openStream(t, `?after=${recent}`);
    await stream.readUntil(`id: ${recent + 1}\n`);
    stream.close();
    expect(stream.events().map(({ entry }) => entry.seq)).toEqual([recent + 1]);
  });

  it('refuses a cursor that is not an entry number with a 400 naming it', async () => {
    const t = testSandbox();
    const reply = await control(t, '/requests/stream?after=soon');
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/^after /);
  });
});

describe('journal entries', () => {
  it('are numbered one after another across worlds, and the numbers go on after the journal is cleared', async () => {
    const t = testSandbox();
    const { id } = (await control(t, '/worlds', { method: 'POST' })).body;
    await t.call('GET', '/time');
    await t.call('GET', '/time', { headers: { 'x-mock-world': id } });
    await t.call('GET', '/time');
    const seqs = (await listed(t)).map((entry) => entry.seq);
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
    expect((await control(t, '/requests', { method: 'DELETE' })).status).toBe(200);
    await t.call('GET', '/time');
    expect((await listed(t)).map((entry) => entry.seq)).toEqual([seqs[2]! + 1]);
  });

  it('name the user a password login authenticated, though the request carried no session yet', async () => {
    const t = testSandbox();
    await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('alice', 'alice-password') } });
    await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('alice', 'wrong') } });
    const [login, refused] = await listed(t);
    expect(login).toMatchObject({ status: 200, userId: ids.alice, username: 'alice' });
    expect(refused).toMatchObject({ status: 401, userId: null, username: null });
    expect((await listed(t, '?user=alice')).map((entry) => entry.seq)).toEqual([login!.seq]);
  });

  it('name the user a login with a second factor still to give authenticated', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('carol', 'carol-password') } });
    expect(reply.body).toEqual({ requiresTwoFactorAuth: ['totp', 'otp'] });
    expect((await listed(t))[0]).toMatchObject({ userId: ids.carol, username: 'carol' });
  });
});
