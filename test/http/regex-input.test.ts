import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../src/areas/authentication/email.js';
import { expectError, ids, replyOf, testSandbox, type Reply, type TestSandbox } from '../support/helpers.js';
import { registrationBody } from '../support/registration.js';

const registration = registrationBody({ username: 'evil1' });

describe('regular expressions on request input', () => {
  it('refuses a 120 KB email of dots between two @ without freezing', async () => {
    const t = testSandbox();
    const reply = await t.call('POST', '/auth/register', { body: { ...registration, email: `a@${'.'.repeat(120_000)}@` } });
    expectError(reply, 400, 'email must be at most 10000 characters long');
  });

  it('checks a 200,000-character address in one pass', () => {
    expect(isEmailAddress(`a@${'.'.repeat(200_000)}@`)).toBe(false);
    expect(isEmailAddress(`a@${'.'.repeat(200_000)}x`)).toBe(true);
  });

  it('reads a 100,000-character Authorization header that almost matches at once', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/auth/user', { headers: { authorization: `Basic ${'A'.repeat(100_000)}${' '.repeat(100)}!` } });
    expectError(reply, 401);
  });

  it('reads a 100,000-character instance location that almost matches at once', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const location = `wrld_a11ce000-0000-4000-8000-00000000b001:1~private(${'('.repeat(50_000)}${'x'.repeat(50_000)}`;
    const reply = await t.call('GET', `/instances/${encodeURIComponent(location)}`, { cookie });
    expect(reply.status).toBeLessThan(500);
  });

  it('keeps accepting and refusing addresses as before', () => {
    expect(isEmailAddress('dave@example.test')).toBe(true);
    for (const bad of ['dave@example', '@example.test', 'da ve@example.test', 'a@b@c.d', 'a@.test', 'a@b.']) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });
});

/** A request body string stays under the 10,000-character limit every body has; other input gets 100,000. */
const BODY = 9_990;
const LONG = 100_000;

interface WorstCase {
  name: string;
  /** Sends the request with `value` in the place the expression reads. */
  send(t: TestSandbox, cookie: string, value: string): Promise<Reply>;
  /** A short value, sent first so the timing leaves out first-use costs. */
  short: string;
  worst: string;
}

const control = async (t: TestSandbox, path: string, init: RequestInit = {}) => replyOf(await t.app.request(path, init));

const worstCases: WorstCase[] = [
  {
    name: 'PUT /users/{id} email, a@ repeated',
    send: (t, cookie, email) => t.call('PUT', `/users/${ids.alice}`, { cookie, body: { email, currentPassword: 'alice-password' } }),
    short: 'a@a@a',
    worst: 'a@'.repeat(BODY / 2),
  },
  {
    name: 'PUT /users/{id} email, a@ then dots',
    send: (t, cookie, email) => t.call('PUT', `/users/${ids.alice}`, { cookie, body: { email, currentPassword: 'alice-password' } }),
    short: 'a@.@',
    worst: `a@${'.'.repeat(BODY)}@`,
  },
  {
    name: 'GET /calendar/search searchTerm',
    send: (t, cookie, term) => t.call('GET', `/calendar/search?searchTerm=${term}`, { cookie }),
    short: 'aab',
    worst: `${'a'.repeat(LONG)}b`,
  },
  {
    name: 'GET /calendar date',
    send: (t, cookie, date) => t.call('GET', `/calendar?date=${date}`, { cookie }),
    short: '2026-01-15T00:00:00.1x',
    worst: `2026-01-15T00:00:00.${'1'.repeat(LONG)}x`,
  },
  {
    name: 'GET /calendar/search nextCursor',
    send: (t, cookie, cursor) => t.call('GET', `/calendar/search?searchTerm=a&nextCursor=${cursor}`, { cookie }),
    short: '1x',
    worst: `${'1'.repeat(LONG)}x`,
  },
  {
    name: 'POST /groups shortCode',
    send: (t, cookie, shortCode) =>
      t.call('POST', '/groups', { cookie, body: { name: 'Regex group', shortCode, roleTemplate: 'default' } }),
    short: 'ab!',
    worst: `${'a'.repeat(BODY)}!`,
  },
  {
    name: 'POST /favorites favoriteId',
    send: (t, cookie, favoriteId) => t.call('POST', '/favorites', { cookie, body: { type: 'friend', favoriteId, tags: ['group_0'] } }),
    short: 'usr_x',
    worst: `usr_${'0'.repeat(BODY)}`,
  },
  {
    name: 'GET /worlds maxUnityVersion',
    send: (t, cookie, version) => t.call('GET', `/worlds?maxUnityVersion=${version}`, { cookie }),
    short: '2022.3-a!',
    worst: `2022.3-${'a.'.repeat(LONG / 2)}!`,
  },
  {
    name: 'GET /message/{userId}/message/{slot}',
    send: (t, cookie, slot) => t.call('GET', `/message/${ids.alice}/message/${slot}`, { cookie }),
    short: '1x',
    worst: `${'1'.repeat(LONG)}x`,
  },
  {
    name: 'GET /auth/exists username',
    send: (t, cookie, username) => t.call('GET', `/auth/exists?username=${username}`, { cookie }),
    short: 'ab!',
    worst: `${'a'.repeat(LONG)}!`,
  },
  {
    name: 'User-Agent in a strict world',
    send: (t, cookie, agent) => {
      t.sandbox.settings.userAgent = 'strict';
      return t.call('GET', '/config', { cookie, headers: { 'user-agent': agent } });
    },
    short: 'node(',
    worst: `node${' '.repeat(LONG)}x`,
  },
  {
    name: 'POST /_mock/users/{id}/presence location',
    send: (t, _, location) =>
      control(t, `/_mock/users/${ids.alice}/presence`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ location }),
      }),
    short: 'wrld_x:\n',
    worst: `wrld_${'a'.repeat(LONG)}:${'\n'}`,
  },
  {
    name: 'Host of a control-plane request',
    send: (t, _, host) => control(t, '/_mock/health', { headers: { host } }),
    short: 'a..',
    worst: `${'.'.repeat(LONG)}a`,
  },
];

// Backtracking on 100,000 characters takes minutes (quadratic) or never ends (exponential); a second is far
// above a linear pass on a busy machine, and far below either.
describe('each regular expression on request input, fed its worst case', () => {
  it.each(worstCases)('$name answers within a second', async ({ send, short, worst }) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await send(t, cookie, short);
    const started = performance.now();
    const reply = await send(t, cookie, worst);
    const elapsed = performance.now() - started;
    expect(reply.status).toBeLessThan(500);
    expect(elapsed).toBeLessThan(1000);
  });
});
