import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { ScenarioSchema } from '../../src/scenarios/schema.js';
import { expectError, testSandbox, type TestSandbox } from '../support/helpers.js';
import { control, newSandbox } from '../support/control-helpers.js';

const failingLogin = (message: string) => ({
  name: `failing-login-${message}`,
  rules: [{ match: { method: 'GET', path: '/auth/user', headers: { authorization: '*' } }, response: { status: 503, message } }],
});

const loginIn = (t: TestSandbox, world?: string) =>
  t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('alice', 'alice-password'), ...(world ? { 'x-mock-world': world } : {}) } });

describe('scenario rules per world', () => {
  it('gives two workers on their own worlds only their own failures', async () => {
    const t = testSandbox();
    const one = await newSandbox(t);
    const two = await newSandbox(t);
    expect((await control(t, 'POST', '/scenarios', { world: one, body: failingLogin('one') })).status).toBe(200);
    expect((await control(t, 'POST', '/scenarios', { world: two, body: failingLogin('two') })).status).toBe(200);
    expectError(await loginIn(t, one), 503, 'one');
    expectError(await loginIn(t, two), 503, 'two');
    expect((await loginIn(t)).status).toBe(200);
    expect((await control(t, 'GET', '/scenarios', { world: one })).body.map((rule: { scenario: string }) => rule.scenario)).toEqual([
      'failing-login-one',
    ]);
    expect((await control(t, 'GET', '/scenarios')).body).toEqual([]);
  });

  it('drops only the named world rules on DELETE /_mock/scenarios with the header', async () => {
    const t = testSandbox();
    const one = await newSandbox(t);
    const two = await newSandbox(t);
    await control(t, 'POST', '/scenarios', { world: one, body: failingLogin('one') });
    await control(t, 'POST', '/scenarios', { world: two, body: failingLogin('two') });
    await control(t, 'POST', '/scenarios', { body: failingLogin('default') });
    await control(t, 'DELETE', '/scenarios', { world: one });
    expect((await loginIn(t, one)).status).toBe(200);
    expectError(await loginIn(t, two), 503, 'two');
    expectError(await loginIn(t), 503, 'default');
  });

  it('drops a world rules when the world is reset', async () => {
    const t = testSandbox();
    const one = await newSandbox(t);
    await control(t, 'POST', '/scenarios', { world: one, body: failingLogin('one') });
    await control(t, 'POST', '/reset', { world: one });
    expect((await loginIn(t, one)).status).toBe(200);
    expect((await control(t, 'GET', '/scenarios', { world: one })).body).toEqual([]);
  });

  it('forgets a removed world rules', async () => {
    const t = testSandbox();
    const one = await newSandbox(t);
    await control(t, 'POST', '/scenarios', { world: one, body: failingLogin('one') });
    await control(t, 'DELETE', `/worlds/${one}`);
    expect((await control(t, 'GET', '/scenarios', { world: one })).status).toBe(404);
  });

  it('applies rules loaded at start to every world, each counting its own uses', async () => {
    const t = testSandbox();
    t.deps.scenarios.loadBase(ScenarioSchema.parse({ ...failingLogin('base'), rules: [{ ...failingLogin('base').rules[0], times: 1 }] }));
    const one = await newSandbox(t);
    expectError(await loginIn(t, one), 503, 'base');
    expect((await loginIn(t, one)).status).toBe(200);
    expectError(await loginIn(t), 503, 'base');
    expect((await loginIn(t)).status).toBe(200);
  });

  it('refuses rules for a world that does not exist', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/scenarios', { world: 'world_nope', body: failingLogin('x') });
    expect(reply.status).toBe(404);
  });
});
