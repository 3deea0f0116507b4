import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { MAX_JOURNAL_BODY_BYTES, RequestJournal, type JournalEntry } from '../../src/control/journal.js';
import { LIMITS } from '../../src/limits.js';
import { startServer } from '../../src/main/server.js';
import { ids, testSandbox } from '../support/helpers.js';
import { control, newSandbox } from '../support/control-helpers.js';

const alice = { authorization: encodeBasic('alice', 'alice-password') };

describe('the request journal', () => {
  it('records the status actually sent for a request to an unknown world', async () => {
    const t = testSandbox();
    expect((await t.call('GET', '/auth/user', { headers: { 'x-mock-world': 'world_nope' } })).status).toBe(404);
    const [entry] = (await control(t, 'GET', '/requests')).body;
    expect(entry).toMatchObject({ path: '/api/1/auth/user', status: 404, world: 'world_nope' });
  });

  it('lists one world entries with the world filter or the X-Mock-World header', async () => {
    const t = testSandbox();
    const one = await newSandbox(t);
    await t.call('GET', '/auth/user', { headers: { 'x-mock-world': one } });
    await t.call('GET', '/auth/user');
    await t.call('GET', '/config', { headers: { 'x-mock-world': one } });
    const byHeader = (await control(t, 'GET', '/requests', { world: one })).body;
    expect(byHeader.map((e: { path: string }) => e.path)).toEqual(['/api/1/auth/user', '/api/1/config']);
    expect((await control(t, 'GET', `/requests?world=${one}`)).body).toHaveLength(2);
    expect((await control(t, 'GET', '/requests?world=default')).body).toHaveLength(1);
    await control(t, 'DELETE', '/requests', { world: one });
    expect((await control(t, 'GET', '/requests')).body.map((e: { world: string | null }) => e.world)).toEqual([null]);
  });

  it('filters by method, rule path, status and user, and counts', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const bob = await t.login('bob');
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie });
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie: bob });
    await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie });
    const count = async (query: string) => (await control(t, 'GET', `/requests/count?${query}`)).body.count;
    expect(await count('method=delete&path=/users/:userId/tutorial')).toBe(2);
    expect(await count('path=/users/*')).toBe(3);
    expect(await count('path=/users/:userId/tutorial&status=403')).toBe(1);
    expect(await count('user=alice&path=/users/*')).toBe(2);
    expect(await count(`user=${ids.bob}&path=/users/*`)).toBe(1);
    expect((await control(t, 'GET', '/requests/count?status=abc')).status).toBe(400);
  });

  it('keeps entries recorded since a time', async () => {
    const t = testSandbox();
    await t.call('GET', '/auth/user');
    const since = new Date(Date.now() + 60_000).toISOString();
    expect((await control(t, 'GET', `/requests/count?since=${since}`)).body.count).toBe(0);
    expect((await control(t, 'GET', `/requests/count?since=${new Date(Date.now() - 60_000).toISOString()}`)).body.count).toBe(1);
  });

  it('counts an entry recorded exactly at since, and not one millisecond later', async () => {
    const t = testSandbox();
    await t.call('GET', '/auth/user');
    const [entry] = (await control(t, 'GET', '/requests')).body as { at: string }[];
    const at = Date.parse(entry!.at);
    expect((await control(t, 'GET', `/requests/count?since=${new Date(at).toISOString()}`)).body.count).toBe(1);
    expect((await control(t, 'GET', `/requests/count?since=${new Date(at + 1).toISOString()}`)).body.count).toBe(0);
  });

  it('keeps the request body, the response headers and body, and the rule that answered', async () => {
    const t = testSandbox();
    await control(t, 'POST', '/scenarios', {
      body: { name: 'nope', rules: [{ match: { method: 'POST', path: '/auth/register' }, response: { status: 403, message: 'No.' } }] },
    });
    await t.call('POST', '/auth/register', { body: { username: 'zed' } });
    await t.call('GET', '/auth/user', { headers: alice });
    const [register, login] = (await control(t, 'GET', '/requests')).body;
    expect(register).toMatchObject({
      status: 403,
      requestBody: '{"username":"zed"}',
      responseBody: '{"error":{"message":"No.","status_code":403}}',
      rule: { scenario: 'nope', index: 0 },
    });
    expect(register.responseHeaders['content-type']).toBe('application/json; charset=utf-8');
    expect(login).toMatchObject({ status: 200, rule: null, username: 'alice' });
    expect(JSON.parse(login.responseBody).id).toBe(ids.alice);
  });

  it('names the logged-in user of each entry', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('GET', '/auth/user', { cookie });
    const entries = (await control(t, 'GET', '/requests')).body;
    expect(entries.at(-1)).toMatchObject({ userId: ids.alice, username: 'alice' });
  });

  it('cuts a body at 64 KiB', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('PUT', `/users/${ids.alice}`, { cookie, body: { bio: 'é'.repeat(MAX_JOURNAL_BODY_BYTES) } });
    const entry = (await control(t, 'GET', '/requests?method=PUT')).body[0];
    expect(Buffer.byteLength(entry.requestBody)).toBeLessThanOrEqual(MAX_JOURNAL_BODY_BYTES);
    expect(entry.truncated).toBe(true);
  });

  describe('a body at 64 KiB', () => {
    /** A JSON body of exactly `bytes` bytes. */
    const bodyOf = (bytes: number) => `{"bio":"${'a'.repeat(bytes - '{"bio":""}'.length)}"}`;
    const journalled = async (bytes: number) => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      await t.call('PUT', `/users/${ids.alice}`, { cookie, body: bodyOf(bytes) });
      return (await control(t, 'GET', '/requests?method=PUT')).body[0];
    };

    it('keeps a body of exactly 64 KiB whole', async () => {
      const entry = await journalled(MAX_JOURNAL_BODY_BYTES);
      expect(entry.requestBody).toBe(bodyOf(MAX_JOURNAL_BODY_BYTES));
      expect(entry.truncated).toBe(false);
    });

    it('cuts a body of one byte more to 64 KiB', async () => {
      const entry = await journalled(MAX_JOURNAL_BODY_BYTES + 1);
      expect(entry.requestBody).toBe(bodyOf(MAX_JOURNAL_BODY_BYTES + 1).slice(0, MAX_JOURNAL_BODY_BYTES));
      expect(entry.truncated).toBe(true);
    });
  });

  it('drops its oldest entries past its size in bytes', () => {
    const journal = new RequestJournal(1000, 10_000);
    for (let n = 0; n < 5; n++) journal.record(entry(n, 3000));
    expect(journal.list().map((e) => e.path)).toEqual(['/api/1/2', '/api/1/3', '/api/1/4']);
  });

  describe(`${LIMITS.journalBytes.value} bytes of bodies`, () => {
    /** Sixteen entries of a sixteenth of the bound each: exactly the bound. */
    const fullJournal = () => {
      const journal = new RequestJournal();
      const share = LIMITS.journalBytes.value / 16;
      for (let n = 0; n < 16; n++) journal.record(entry(n, share));
      return journal;
    };

    it('keeps every entry while their bytes add up to exactly the bound', () => {
      const journal = fullJournal();
      expect(journal.count()).toBe(16);
      expect(journal.list()[0]!.path).toBe('/api/1/0');
    });

    it('drops the oldest entry when one more byte arrives', () => {
      const journal = fullJournal();
      journal.record(entry(16, 1));
      expect(journal.count()).toBe(16);
      expect(journal.list()[0]!.path).toBe('/api/1/1');
    });
  });

  describe(`${LIMITS.journalEntries.value} entries`, () => {
    const max = LIMITS.journalEntries.value;
    const journalOf = (count: number) => {
      const journal = new RequestJournal();
      for (let n = 0; n < count; n++) journal.record(entry(n, 10));
      return journal;
    };

    it('keeps every entry up to the bound, the first included', () => {
      const journal = journalOf(max);
      expect(journal.count()).toBe(max);
      expect(journal.list()[0]!.path).toBe('/api/1/0');
    });

    it('drops the oldest entry for one more', () => {
      const journal = journalOf(max + 1);
      expect(journal.count()).toBe(max);
      expect(journal.list()[0]!.path).toBe('/api/1/1');
      expect(journal.list()[max - 1]!.path).toBe(`/api/1/${max}`);
    });
  });

  it('keeps the query and the request headers, with a Basic authorization redacted', async () => {
    const t = testSandbox();
    await t.call('GET', '/auth/user?probe=1', {
      headers: { authorization: encodeBasic('alice', 'alice-password'), 'x-client': 'journal-test' },
    });
    const [entry] = (await (await t.app.request('/_mock/requests')).json()) as JournalEntry[];
    expect(entry!.query).toBe('probe=1');
    expect(entry!.requestHeaders['x-client']).toBe('journal-test');
    expect(entry!.requestHeaders.authorization).toBe('Basic <redacted>');
    expect(JSON.stringify(entry)).not.toContain(btoa('alice:alice-password'));
  });

  it('lists the headers a client sent over HTTP by lower-case name, and the headers answered', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1' });
    try {
      const headers = new Headers({ ...alice, 'X-Client': 'journal-test' });
      headers.append('x-client', 'twice');
      await (await fetch(`${server.url}/auth/user?probe=1`, { headers })).text();
      const [entry] = (await (await fetch(server.url.replace('/api/1', '/_mock/requests'))).json()) as JournalEntry[];
      expect(entry!.requestHeaders['x-client']).toBe('journal-test, twice');
      expect(entry!.requestHeaders.authorization).toBe('Basic <redacted>');
      expect(entry!.responseHeaders['content-type']).toBe('application/json; charset=utf-8');
      expect(entry!.responseHeaders['x-mock-answer']).toBe('stateful');
      expect(entry!.responseHeaders['set-cookie']).toMatch(/^auth=/);
    } finally {
      await server.close();
    }
  });
});

/** A journal entry for the `n`th request, its response body `bytes` long. */
function entry(n: number, bytes: number) {
  return {
    at: n,
    method: 'GET',
    path: `/api/1/${n}`,
    query: '',
    requestHeaders: [],
    status: 200,
    world: null,
    durationMs: 1,
    userId: null,
    username: null,
    requestBody: null,
    responseHeaders: [],
    responseBody: 'x'.repeat(bytes),
    truncated: false,
    rule: null,
    bytes,
  };
}
