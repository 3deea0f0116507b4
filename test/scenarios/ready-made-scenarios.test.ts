import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { messages, WAF_MISSING_USER_AGENT } from '../../src/errors.js';
import { expectError, ids, testSandbox, type TestSandbox } from '../support/helpers.js';
import { control } from '../support/control-helpers.js';

/** Loads a shipped scenario file through the control plane, as a client's suite would. */
async function withScenario(name: string): Promise<TestSandbox> {
  const t = testSandbox();
  const body = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'scenarios', `${name}.json`), 'utf8'));
  expect((await control(t, 'POST', '/scenarios', { body })).status).toBe(200);
  return t;
}

const alice = { authorization: encodeBasic('alice', 'alice-password') };
const statuses = (replies: { status: number }[]) => replies.map((reply) => reply.status);

describe('ready-made scenarios for the real service failure modes', () => {
  it('rate-limit-20-per-second: 20 requests a second per user, the rest 429, then the next second', async () => {
    const t = await withScenario('rate-limit-20-per-second');
    const cookie = await t.login('alice');
    const replies = await Promise.all(Array.from({ length: 30 }, () => t.call('GET', '/auth/user', { cookie })));
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(30 - 19);
    const bob = await t.login('bob');
    expect((await t.call('GET', '/auth/user', { cookie: bob })).status).toBe(200);
    t.clock.advance(1000);
    expect((await t.call('GET', '/auth/user', { cookie })).status).toBe(200);
  });

  it('too-many-sessions: the fourth login in an hour is refused with the service message', async () => {
    const t = await withScenario('too-many-sessions');
    for (let i = 0; i < 3; i++) await t.login('alice');
    expectError(await t.call('GET', '/auth/user', { headers: alice }), 429, messages.tooManySessionsCreated);
    t.clock.advance(3_600_000);
    expect((await t.call('GET', '/auth/user', { headers: alice })).status).toBe(200);
  });

  it("forbidden-for-bob: bob's password login is a 403 too, anyone else's logs in", async () => {
    const t = await withScenario('forbidden-for-bob');
    expectError(await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('Bob', 'bob-password') } }), 403, 'This account is restricted.');
    expect((await t.call('GET', '/auth/user', { headers: alice })).status).toBe(200);
  });

  it('load-shedding: world search answers 429 for five minutes of the world clock', async () => {
    const t = await withScenario('load-shedding');
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/worlds', { cookie }), 429);
    t.clock.advance(5 * 60_000);
    // The status alone: whatever answers world search once the rule is over is not this test's concern.
    expect((await t.app.request('/api/1/worlds', { headers: { cookie } })).status).not.toBe(429);
  });

  it('friends-list-503: beyond 5 friend-list requests in 10 seconds the list is unavailable', async () => {
    const t = await withScenario('friends-list-503');
    const cookie = await t.login('alice');
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.call('GET', '/auth/user/friends', { cookie })));
    expect(replies.filter((reply) => reply.status === 503)).toHaveLength(3);
  });

  it('user-agent-refused: a request without a User-Agent gets 403 with waf_code 13799', async () => {
    const t = await withScenario('user-agent-refused');
    const refused = await t.call('GET', '/auth/user', { headers: alice });
    expectError(refused, 403, messages.userAgentRequired);
    expect(refused.body.error.waf_code).toBe(WAF_MISSING_USER_AGENT);
    expect((await t.call('GET', '/auth/user', { headers: { ...alice, 'user-agent': 'MyClient/1.0' } })).status).toBe(200);
  });

  it('cookie-stops-working: the 21st request with a cookie answers 401, a new login carries on', async () => {
    const t = await withScenario('cookie-stops-working');
    const cookie = await t.login('alice');
    const replies = [];
    for (let i = 0; i < 21; i++) replies.push(await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie }));
    expect(statuses(replies).slice(0, 20).every((status) => status === 200)).toBe(true);
    expectError(replies[20]!, 401, 'Missing Credentials');
    const again = await t.login('alice');
    expect((await t.call('GET', '/auth/user', { cookie: again })).status).toBe(200);
  });

  it('flaky-5-percent: a few of 200 requests answer 502, the same ones on a second run', async () => {
    const run = async () => {
      const t = await withScenario('flaky-5-percent');
      const replies = [];
      for (let i = 0; i < 200; i++) replies.push(await t.call('GET', '/auth/user'));
      return statuses(replies).flatMap((status, i) => (status === 502 ? [i] : []));
    };
    const failed = await run();
    expect(failed.length).toBeGreaterThan(2);
    expect(failed.length).toBeLessThan(25);
    expect(await run()).toEqual(failed);
  });

  it('first-call-fails: the first request answers 503, its retry succeeds', async () => {
    const t = await withScenario('first-call-fails');
    expectError(await t.call('GET', '/auth/user', { headers: alice }), 503);
    expect((await t.call('GET', '/auth/user', { headers: alice })).status).toBe(200);
  });
});
