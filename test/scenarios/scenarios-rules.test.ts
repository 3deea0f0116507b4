import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { subset } from '../../src/scenarios/match.js';
import { ScenarioSchema, type Scenario } from '../../src/scenarios/schema.js';
import { expectError, ids, testSandbox, type TestSandbox } from '../support/helpers.js';
import { control, newSandbox } from '../support/control-helpers.js';

const scenario = (rules: unknown[]): Scenario => ScenarioSchema.parse({ name: 'test', rules });
const unavailable = { status: 503 };
const alice = { authorization: encodeBasic('alice', 'alice-password') };
const loginStatus = async (t: TestSandbox, headers: Record<string, string> = {}) =>
  (await t.call('GET', '/auth/user', { headers: { ...alice, ...headers } })).status;
const statuses = async (t: TestSandbox, n: number) => {
  const seen: number[] = [];
  for (let i = 0; i < n; i++) seen.push(await loginStatus(t));
  return seen;
};

describe('matchers', () => {
  it('matches a JSON subset of the body: equal fields, * for any value, nested objects', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(scenario([{ match: { method: 'POST', path: '/auth/register', body: { username: 'zed', profile: { age: '*' } } }, response: { status: 418 } }]));
    expectError(await t.call('POST', '/auth/register', { body: { username: 'zed', password: 'x', profile: { age: 3, x: 1 } } }), 418);
    expect((await t.call('POST', '/auth/register', { body: { username: 'zed', profile: {} } })).status).not.toBe(418);
    expect((await t.call('POST', '/auth/register', { body: { username: 'amy', profile: { age: 3 } } })).status).not.toBe(418);
  });

  it('reads a dotted key as a path and compares arrays item by item', () => {
    expect(subset({ a: { b: [1, { c: 2 }] } }, { 'a.b': [1, { c: '*' }] })).toBe(true);
    expect(subset({ a: { b: [1] } }, { 'a.b': [1, 2] })).toBe(false);
    expect(subset({ a: 1 }, { a: '*', b: '*' })).toBe(false);
  });

  it('matches the isolated world a request names, * for any', async () => {
    const t = testSandbox();
    t.deps.scenarios.loadBase(scenario([{ match: { path: '/auth/user', world: '*' }, response: unavailable }]));
    const one = await newSandbox(t);
    expect(await loginStatus(t, { 'x-mock-world': one })).toBe(503);
    expect(await loginStatus(t)).toBe(200);
  });

  it('matches one login by its auth cookie', async () => {
    const t = testSandbox();
    const first = await t.login('alice');
    const second = await t.login('alice');
    t.deps.scenarios.use(scenario([{ match: { path: '/auth/user', session: first.split('=')[1] }, response: { status: 401 } }]));
    expectError(await t.call('GET', '/auth/user', { cookie: first }), 401);
    expect((await t.call('GET', '/auth/user', { cookie: second })).status).toBe(200);
  });

  it('applies when every matcher under not fails', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(scenario([{ match: { path: '/users/*', not: { user: 'bob' } }, response: unavailable }]));
    const bob = await t.login('bob');
    const alices = await t.login('alice');
    expect((await t.call('GET', `/users/${ids.bob}/tutorial`, { cookie: bob })).status).toBe(200);
    expectError(await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie: alices }), 503);
  });

  it('negates the path and the world too: not.world * keeps a rule to the default world', async () => {
    const t = testSandbox();
    t.deps.scenarios.loadBase(scenario([{ match: { path: '/*', not: { path: '/config', world: '*' } }, response: unavailable }]));
    const one = await newSandbox(t);
    expect(await loginStatus(t)).toBe(503);
    expect(await loginStatus(t, { 'x-mock-world': one })).toBe(200);
    expect((await t.call('GET', '/config')).status).not.toBe(503);
  });

  it('refuses unknown matcher fields, in match and under not', async () => {
    const t = testSandbox();
    for (const match of [{ path: '/x', bodies: {} }, { path: '/x', not: { usr: 'bob' } }]) {
      const reply = await control(t, 'POST', '/scenarios', { body: { name: 'x', rules: [{ match, response: unavailable }] } });
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toMatch(/^rules\.0\.match(\.not)? must not have "(bodies|usr)" \(expected \{"method", "path", /);
    }
  });

  it('refuses sequence steps of the wrong form, naming each step and the accepted form', async () => {
    const t = testSandbox();
    const sequence = [{ response: unavailable }, { status: 503 }, { status: 200 }];
    const reply = await control(t, 'POST', '/scenarios', { body: { name: 'x', rules: [{ match: { path: '/x' }, sequence }] } });
    const form = '(expected {"response": {"status": …}}, {"fault": "…"} or {"delayMs": …})';
    expect([reply.status, reply.body.error.message]).toEqual([
      400,
      `rules.0.sequence.1 must not have "status" ${form}, rules.0.sequence.2 must not have "status" ${form}`,
    ]);
  });
});

describe('faults without a real connection', () => {
  it('answer 502 naming the fault under app.request, which has no socket to break', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(scenario([{ match: { path: '/auth/user' }, fault: 'hang' }]));
    expectError(await t.call('GET', '/auth/user'), 502, 'The hang fault needs a real connection; start a server to test it');
  });
});

describe('when a rule applies', () => {
  it('lets the first N matching requests through with after', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(scenario([{ match: { path: '/auth/user' }, response: unavailable, after: 2, times: 1 }]));
    expect(await statuses(t, 4)).toEqual([200, 200, 503, 200]);
  });

  it('answers with probability, the same failures for the same seed and requests', async () => {
    const run = async () => {
      const t = testSandbox();
      t.deps.scenarios.use(scenario([{ match: { path: '/auth/user' }, response: unavailable, probability: 0.3 }]));
      return (await statuses(t, 60)).map((status) => (status === 503 ? 'x' : '.')).join('');
    };
    const first = await run();
    expect(await run()).toBe(first);
    const failures = first.split('x').length - 1;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(35);
  });

  it('draws differently for another seed', async () => {
    const { ScenarioEngine } = await import('../../src/scenarios/engine.js');
    const draw = (seed: number) => {
      const engine = new ScenarioEngine(seed);
      engine.use(scenario([{ match: { path: '/x' }, response: unavailable, probability: 0.5 }]));
      const request = { method: 'GET', path: '/x', sandboxId: undefined, body: undefined, query: () => undefined, header: () => undefined, username: () => undefined, session: () => undefined, budgetKey: () => '' };
      return Array.from({ length: 40 }, () => (engine.take(request, '', 0) ? 'x' : '.')).join('');
    };
    expect(draw(1)).toBe(draw(1));
    expect(draw(2)).not.toBe(draw(1));
  });

  it('uses a sequence of answers in order, then the real answer', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(scenario([{
      match: { path: '/auth/user' },
      sequence: [{ response: unavailable }, { fault: 'malformed-json' }, { response: { status: 429, message: 'slow down' } }],
    }]));
    expectError(await t.call('GET', '/auth/user', { headers: alice }), 503);
    const malformed = await t.call('GET', '/auth/user', { headers: alice });
    expect(() => JSON.parse(malformed.text)).toThrow();
    expectError(await t.call('GET', '/auth/user', { headers: alice }), 429, 'slow down');
    expect(await statuses(t, 2)).toEqual([200, 200]);
  });

  it('applies only during its minutes of the world clock', async () => {
    const t = testSandbox();
    await control(t, 'POST', '/scenarios', {
      body: { name: 'later', rules: [{ match: { path: '/auth/user' }, response: unavailable, during: { fromMinute: 5, toMinute: 10 } }] },
    });
    expect(await loginStatus(t)).toBe(200);
    t.clock.advance(5 * 60_000);
    expect(await loginStatus(t)).toBe(503);
    t.clock.advance(5 * 60_000);
    expect(await loginStatus(t)).toBe(200);
  });

  it('starts the minutes of a rule loaded at start from the world first request', async () => {
    const t = testSandbox();
    t.deps.scenarios.loadBase(scenario([{ match: { path: '/auth/user', headers: { authorization: '*' } }, response: unavailable, during: { fromMinute: 0, toMinute: 1 } }]));
    expect((await t.call('GET', '/auth/user')).status).toBe(401);
    t.clock.advance(60_000);
    expect(await loginStatus(t)).toBe(200);
  });

  it('answers the rule response after the real write with passThrough', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    t.deps.scenarios.use(scenario([{ match: { method: 'DELETE', path: '/users/:userId/tutorial' }, response: { status: 502 }, passThrough: true, times: 1 }]));
    expectError(await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie }), 502, 'Bad Gateway');
    expect((await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie })).body.completedTutorials).toEqual(['undefined:safety:v1']);
  });

  it('answers a response without the write when the rule does not pass through', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    t.deps.scenarios.use(scenario([{ match: { method: 'DELETE', path: '/users/:userId/tutorial' }, response: { status: 502 }, times: 1 }]));
    expectError(await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie }), 502);
    expect((await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie })).body.completedTutorials).toHaveLength(3);
  });

  it('ends a sequence at its last answer even when times says more', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(scenario([{ match: { path: '/auth/user' }, sequence: [{ response: unavailable }], times: 5 }]));
    expect(await statuses(t, 3)).toEqual([503, 200, 200]);
  });

  it('refuses a rate limit with conditions it would ignore', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', {
      body: { name: 'x', rules: [{ match: { path: '/x' }, rateLimit: { limit: 1, windowMs: 1000 }, times: 2 }] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/^rules.0 must not have after, times/);
  });

  it('refuses a rule that answers in two ways', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', {
      body: { name: 'x', rules: [{ match: { path: '/x' }, response: unavailable, sequence: [{ response: unavailable }] }] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('rules.0 must have only one of response/fault, sequence, rateLimit');
  });
});
