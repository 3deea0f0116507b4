import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { readScenarioFile } from '../../src/scenarios/scenario-files.js';
import { ScenarioSchema, type Scenario } from '../../src/scenarios/schema.js';
import { startServer, type RunningServer } from '../../src/main/server.js';
import { expectError, ids, testSandbox } from '../support/helpers.js';

const alice = { authorization: encodeBasic('alice', 'alice-password') };
const scenarioFile = (name: string) => join(import.meta.dirname, '..', '..', 'scenarios', `${name}.json`);

function scenario(rules: Scenario['rules']): Scenario {
  return ScenarioSchema.parse({ name: 'test', rules });
}

describe('scripted responses', () => {
  it('answers a rule the given number of times, then the simulated API again', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(readScenarioFile(scenarioFile('login-rate-limited')));
    const first = await t.call('GET', '/auth/user', { headers: alice });
    expectError(first, 429, 'Too many login attempts. Try again later.');
    expect(first.headers.get('retry-after')).toBe('60');
    expectError(await t.call('GET', '/auth/user', { headers: alice }), 429);
    expect((await t.call('GET', '/auth/user', { headers: alice })).status).toBe(200);
  });

  it('matches on the logged-in user', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const alices = await t.login('alice');
    t.deps.scenarios.use(readScenarioFile(scenarioFile('forbidden-for-bob')));
    expectError(await t.call('GET', `/users/${ids.bob}/tutorial`, { cookie: bob }), 403, 'This account is restricted.');
    expect((await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie: alices })).status).toBe(200);
  });

  it('matches path parameters, method and query', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(
      scenario([{ match: { method: 'DELETE', path: '/users/:userId/tutorial', query: { dry: '1' } }, response: { status: 503 } }]),
    );
    const cookie = await t.login('alice');
    expectError(await t.call('DELETE', `/users/${ids.alice}/tutorial?dry=1`, { cookie }), 503, 'Service Unavailable');
    expect((await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie })).status).toBe(200);
    expect((await t.call('GET', `/users/${ids.alice}/tutorial?dry=1`, { cookie })).status).toBe(200);
  });

  it('carries a waf_code or a raw body when the rule gives one', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(
      scenario([
        { match: { path: '/auth/register' }, response: { status: 403, message: 'No.', wafCode: 42 }, times: 1 },
        { match: { path: '/auth/user' }, response: { status: 200, body: { requiresTwoFactorAuth: ['emailOtp'] } } },
      ]),
    );
    const register = await t.call('POST', '/auth/register', { body: {} });
    expect(register.body).toEqual({ error: { message: 'No.', status_code: 403, waf_code: 42 } });
    expect((await t.call('GET', '/auth/user')).body).toEqual({ requiresTwoFactorAuth: ['emailOtp'] });
  });

  it('lets runtime rules win over base rules until reset', async () => {
    const t = testSandbox();
    t.deps.scenarios.loadBase(scenario([{ match: { path: '/auth/user' }, response: { status: 500 } }]));
    t.deps.scenarios.use(scenario([{ match: { path: '/auth/user' }, response: { status: 418, message: 'runtime' } }]));
    expectError(await t.call('GET', '/auth/user'), 418, 'runtime');
    t.deps.scenarios.reset();
    expectError(await t.call('GET', '/auth/user'), 500);
  });

  it('keeps rule order between wildcard paths and paths of one area, and sees rules added later', async () => {
    const t = testSandbox();
    t.deps.scenarios.loadBase(scenario([{ match: { path: '/auth/*' }, response: { status: 500, message: 'base wildcard' } }]));
    expectError(await t.call('GET', '/auth/user'), 500, 'base wildcard');
    t.deps.scenarios.use(scenario([{ match: { path: '/:area/user' }, response: { status: 503, message: 'runtime' }, times: 1 }]));
    expectError(await t.call('GET', '/auth/user'), 503, 'runtime');
    expectError(await t.call('GET', '/auth/user'), 500, 'base wildcard');
    expect((await t.call('GET', `/users/${ids.alice}/groups/invited`)).status).toBe(401);
  });

  it('applies a one-time rule to exactly one of fifty parallel requests', async () => {
    const t = testSandbox();
    t.deps.scenarios.use(scenario([{ match: { path: '/auth/user' }, response: { status: 503 }, times: 1 }]));
    const replies = await Promise.all(Array.from({ length: 50 }, () => t.call('GET', '/auth/user')));
    expect(replies.filter((r) => r.status === 503)).toHaveLength(1);
  });

  it('ships ready-made scenario files that validate', () => {
    for (const name of ['login-rate-limited', 'invite-message-cooldown', 'flaky-network', 'forbidden-for-bob']) {
      expect(readScenarioFile(scenarioFile(name)).name).toBe(name);
    }
  });
});

describe('the control plane', () => {
  it('loads a scenario over HTTP and lists it; a bad one is a 400 naming the field', async () => {
    const t = testSandbox();
    const body = JSON.parse(readFileSync(scenarioFile('login-rate-limited'), 'utf8'));
    const loaded = await t.app.request('/_mock/scenarios', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await loaded.json()).toEqual({ loaded: 'login-rate-limited', rules: 1 });
    const listed = (await (await t.app.request('/_mock/scenarios')).json()) as { remaining: number }[];
    expect(listed[0]!.remaining).toBe(2);
    const bad = await t.app.request('/_mock/scenarios', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', rules: [{ match: { path: 'no-slash' }, response: { status: 99 } }] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { message: 'rules.0.match.path must start with /, rules.0.response.status must be at least 200', status_code: 400 },
    });
  });

  it('resets the world to its starting data and ends every session', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie });
    const reset = await t.app.request('/_mock/reset', { method: 'POST' });
    expect(reset.status).toBe(200);
    expectError(await t.call('GET', '/auth/user', { cookie }), 401, 'Missing Credentials');
    const again = await t.login('alice');
    expect((await t.call('GET', '/auth/user', { cookie: again })).body.completedTutorials).toHaveLength(3);
  });

  it('moves the clock so that sessions expire without waiting', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const moved = await t.app.request('/_mock/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMinutes: 24 * 60 }) });
    expect(((await moved.json()) as { now: string }).now).toBe('2026-01-16T12:00:00.000Z');
    expectError(await t.call('GET', '/auth/user', { cookie }), 401, 'Missing Credentials');
  });

  it('refuses a clock change that names nothing', async () => {
    const t = testSandbox();
    const reply = await t.app.request('/_mock/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(reply.status).toBe(400);
  });

  it('is not reachable under /api/1', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', '/_mock/reset', { cookie }), 404);
  });
});

describe('network faults over a real connection', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', scenarios: [readScenarioFile(scenarioFile('flaky-network'))] });
  });
  afterAll(() => server.close());

  function get(path: string) {
    return new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
      const req = httpRequest(`${server.url}${path}`, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
        res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
      });
      req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
      req.end();
    });
  }

  it('drops the connection, then truncates a body, then answers normally', async () => {
    const reset = await get('/groups/grp_x');
    expect(reset.error).toMatch(/ECONNRESET|socket hang up/);
    const truncated = await get('/groups/grp_x');
    expect(truncated.status).toBe(200);
    expect(() => JSON.parse(truncated.body!)).toThrow();
    const started = performance.now();
    const late = await get('/groups/grp_x');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    expect(late.status).toBe(401);
    const health = await fetch(server.url.replace('/api/1', '/_mock/health'));
    expect(health.status).toBe(200);
  });
});

describe('isolated worlds', () => {
  it('keeps the changes of one world out of the others', async () => {
    const t = testSandbox();
    const created = await t.app.request('/_mock/worlds', { method: 'POST' });
    const { id } = (await created.json()) as { id: string };
    expect(id).toMatch(/^world_/);
    const header = { 'x-mock-world': id };
    const isolatedLogin = await t.call('GET', '/auth/user', { headers: { ...header, authorization: encodeBasic('alice', 'alice-password') } });
    const isolated = isolatedLogin.headers.getSetCookie()[0]!.split(';')[0]!;
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie: isolated, headers: header });
    expect(t.sandbox.users.get(ids.alice)!.completedTutorials).toHaveLength(3);
    const mine = await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie: isolated, headers: header });
    expect(mine.body.completedTutorials).toEqual(['undefined:safety:v1']);
    expectError(await t.call('GET', '/auth/user', { cookie: isolated }), 401, 'Missing Credentials');
  });

  it('answers 404 for a world that does not exist', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/auth/user', { headers: { 'x-mock-world': 'world_nope' } });
    expectError(reply, 404, 'No mock world world_nope; create one with POST /_mock/worlds');
  });

  it('moves the clock of one world only', async () => {
    const t = testSandbox();
    const { id } = (await (await t.app.request('/_mock/worlds', { method: 'POST' })).json()) as { id: string };
    await t.app.request('/_mock/clock', { method: 'POST', headers: { 'x-mock-world': id, 'content-type': 'application/json' }, body: '{"advanceMinutes":60}' });
    const other = (await (await t.app.request('/_mock/clock')).json()) as { now: string };
    const moved = (await (await t.app.request('/_mock/clock', { headers: { 'x-mock-world': id } })).json()) as { now: string };
    expect(Date.parse(moved.now) - Date.parse(other.now)).toBe(60 * 60_000);
  });

  it('removes a world', async () => {
    const t = testSandbox();
    const { id } = (await (await t.app.request('/_mock/worlds', { method: 'POST' })).json()) as { id: string };
    expect((await t.app.request(`/_mock/worlds/${id}`, { method: 'DELETE' })).status).toBe(200);
    expectError(await t.call('GET', '/auth/user', { headers: { 'x-mock-world': id } }), 404);
  });
});

describe('the request journal', () => {
  it('lists what the API answered, oldest first, until cleared', async () => {
    const t = testSandbox();
    await t.call('GET', '/auth/user');
    await t.login('alice');
    const journal = (await (await t.app.request('/_mock/requests')).json()) as { method: string; path: string; status: number }[];
    expect(journal.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'GET /api/1/auth/user 401',
      'GET /api/1/auth/user 200',
    ]);
    await t.app.request('/_mock/requests', { method: 'DELETE' });
    expect(await (await t.app.request('/_mock/requests')).json()).toEqual([]);
  });
});
