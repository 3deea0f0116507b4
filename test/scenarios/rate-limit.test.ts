import { describe, expect, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { ScenarioSchema } from '../../src/scenarios/schema.js';
import { expectError, ids, testSandbox, type TestSandbox } from '../support/helpers.js';

const limitRule = (rateLimit: Record<string, unknown>, path = '/auth/user') =>
  ScenarioSchema.parse({ name: 'limited', rules: [{ match: { path }, rateLimit }] });

/** Anonymous reads of /auth/user answer 401: through the limit, or 429 over it. */
async function burst(t: TestSandbox, n: number, cookie?: string) {
  const replies = await Promise.all(Array.from({ length: n }, () => t.call('GET', '/auth/user', { cookie })));
  return { through: replies.filter((r) => r.status !== 429).length, refused: replies.filter((r) => r.status === 429) };
}

describe('rate limits', () => {
  it('lets exactly the limit through out of 200 concurrent requests', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(limitRule({ limit: 20, windowMs: 1000 }));
    const { through, refused } = await burst(t, 200);
    expect(through).toBe(20);
    expect(refused).toHaveLength(180);
    expectError(refused[0]!, 429, messages.tooManySessionsCreated);
  });

  it('slides its window with the world clock', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(limitRule({ limit: 10, windowMs: 1000 }));
    expect((await burst(t, 6)).through).toBe(6);
    t.clock.advance(500);
    expect((await burst(t, 6)).through).toBe(4);
    t.clock.advance(499);
    expect((await burst(t, 6)).through).toBe(0);
    t.clock.advance(1);
    expect((await burst(t, 10)).through).toBe(6);
  });

  it('sends Retry-After with the seconds until a request gets through again, when asked', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(limitRule({ limit: 1, windowMs: 60_000, retryAfter: true }));
    await t.call('GET', '/auth/user');
    t.clock.advance(15_000);
    const refused = await t.call('GET', '/auth/user');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
  });

  it('sends no Retry-After unless asked, as the real service', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(limitRule({ limit: 1, windowMs: 60_000 }));
    await t.call('GET', '/auth/user');
    expect((await t.call('GET', '/auth/user')).headers.get('retry-after')).toBeNull();
  });

  it('counts per user, and answers the endpoint message of the description', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    t.deps.scenarios.use(limitRule({ limit: 1, windowMs: 60_000, per: 'user' }, '/message/:userId/:messageType/:slot'));
    const edit = (cookie: string, userId: string) => t.call('PUT', `/message/${userId}/message/0`, { cookie, body: { message: 'hi' } });
    expect((await edit(alice, ids.alice)).status).not.toBe(429);
    expectError(await edit(alice, ids.alice), 429, 'Please wait 60 more minutes until you try again.');
    expect((await edit(bob, ids.bob)).status).not.toBe(429);
  });

  it('answers the rule response over the limit when it gives one', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(limitRule({ limit: 1, windowMs: 1000, response: { status: 503, message: 'shed' } }));
    await t.call('GET', '/auth/user');
    expectError(await t.call('GET', '/auth/user'), 503, 'shed');
  });
});
