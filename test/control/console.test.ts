import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, ids, testWorld, type TestWorld } from '../support/helpers.js';
import { messages } from '../../src/errors.js';
import { readReadyMadeScenarios } from '../../src/scenarios/scenario-files.js';

const builders = 'grp_00000001-0000-4000-8000-000000000000';

async function control(t: TestWorld, path: string, init: RequestInit = {}) {
  const response = await t.app.request(`/_mock${path}`, init);
  const text = await response.text();
  return { status: response.status, text, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text, headers: response.headers };
}

describe('the console page', () => {
  it('is served at /_mock/ as one HTML document that loads nothing from elsewhere', async () => {
    const t = testWorld();
    for (const path of ['/', '']) {
      const reply = await control(t, path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).toContain('<title>mock-api console</title>');
      expect(reply.text).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
    }
  });

  it('may not be framed, and runs only its own script', async () => {
    const t = testWorld();
    for (const path of ['/', '', '/console']) {
      const reply = await control(t, path);
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      const policy = reply.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("connect-src 'self'");
      const scripts = [...reply.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts).toHaveLength(1);
      expect(policy).toContain(`script-src 'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`);
      expect(reply.text).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
  });
});

describe('world views', () => {
  it('lists users with their live sessions and two-factor state, without passwords or secrets', async () => {
    const t = testWorld();
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
    const t = testWorld();
    const first = await control(t, '/state/users?n=2');
    expect(first.body).toMatchObject({ total: 7, offset: 0 });
    expect(first.body.items).toHaveLength(2);
    const second = await control(t, '/state/users?n=2&offset=2');
    expect(second.body.items.map((u: { username: string }) => u.username)).toEqual(['carol', 'admin']);
    const found = await control(t, '/state/users?search=BO');
    expect(found.body.items.map((u: { username: string }) => u.username)).toEqual(['bob']);
  });

  it("counts a group's events of the current month against the monthly limit", async () => {
    const t = testWorld();
    const before = (await control(t, '/state/groups?search=Builders')).body.items[0];
    const cookie = await t.login('alice');
    const created = await t.call('POST', `/calendar/${builders}/event`, {
      cookie,
      body: { title: 'Later today', description: 'x', startsAt: '2026-01-20T18:00:00Z', endsAt: '2026-01-20T19:00:00Z', accessType: 'public', category: 'hangout', sendCreationNotification: false },
    });
    expect(created.status).toBe(200);
    const after = (await control(t, '/state/groups?search=Builders')).body.items[0];
    expect(after.eventsThisMonth).toBe(before.eventsThisMonth + 1);
    expect(after.eventsLimit).toBe(100);
  });

  it("shows an invite-message slot's cooldown in minutes left, following the world's clock", async () => {
    const t = testWorld();
    const cookie = await t.login('bob');
    expect((await t.call('PUT', `/message/${ids.bob}/message/5`, { cookie, body: { message: 'Come over' } })).status).toBe(200);
    const slot = async () =>
      (await control(t, `/state/invite-messages?search=Come over`)).body.items.find((s: { slot: number }) => s.slot === 5);
    expect((await slot()).cooldownMinutesLeft).toBe(60);
    t.clock.advance(25 * 60_000);
    expect((await slot()).cooldownMinutesLeft).toBe(35);
  });

  it('reads the world that X-Mock-World names, and lists the worlds', async () => {
    const t = testWorld();
    const { id } = (await control(t, '/worlds', { method: 'POST' })).body;
    expect((await control(t, '/worlds')).body.worlds).toEqual(['', id]);
    await t.call('GET', '/auth/user', { headers: { authorization: `Basic ${btoa('bob:bob-password')}`, 'x-mock-world': id } });
    const sessionsIn = async (headers: Record<string, string>) =>
      (await control(t, '/state/users?search=bob', { headers })).body.items[0].sessions;
    expect(await sessionsIn({ 'x-mock-world': id })).toBe(1);
    expect(await sessionsIn({})).toBe(0);
  });

  it('answers a 404 envelope for an unknown view or record', async () => {
    const t = testWorld();
    const view = await control(t, '/state/passwords');
    expect(view.status).toBe(404);
    expect(view.body.error.message).toBe(messages.consoleUnknownView('passwords'));
    const record = await control(t, '/records/usr_nobody');
    expect(record.body.error.message).toBe(messages.consoleUnknownRecord('usr_nobody'));
  });

  it('refuses an out-of-range page size with a 400 naming it', async () => {
    const t = testWorld();
    const reply = await t.app.request('/_mock/state/users?n=500');
    expectError({ status: reply.status, body: await reply.json(), headers: reply.headers, text: '' }, 400);
  });
});

describe('ready-made scenarios', () => {
  it('lists the files shipped in scenarios/ by name, ready to post', async () => {
    const t = testWorld();
    t.deps.readyMadeScenarios = readReadyMadeScenarios;
    const listed = (await control(t, '/scenarios/ready-made')).body as { name: string; scenario: unknown }[];
    expect(listed.map((s) => s.name)).toContain('login-rate-limited');
    const chosen = listed.find((s) => s.name === 'login-rate-limited')!;
    const posted = await control(t, '/scenarios', { method: 'POST', body: JSON.stringify(chosen.scenario), headers: { 'content-type': 'application/json' } });
    expect(posted.status).toBe(200);
  });
});

describe('the live request stream', () => {
  it("sends each API request of the chosen world as it is recorded, and nothing of another world's", async () => {
    const t = testWorld();
    const { id } = (await control(t, '/worlds', { method: 'POST' })).body;
    const abort = new AbortController();
    const response = await t.app.request('/_mock/requests/stream', { signal: abort.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) received += decoder.decode((await reader.read()).value);
    };
    await readUntil('event: ready');
    await t.call('GET', '/auth/user', { headers: { 'x-mock-world': id } });
    await t.call('GET', '/time');
    await readUntil('/api/1/time');
    abort.abort();
    const entries = received
      .split('\n')
      .filter((line) => line.startsWith('data: {"'))
      .map((line) => JSON.parse(line.slice('data: '.length)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'GET', path: '/api/1/time', world: null });
  });
});
