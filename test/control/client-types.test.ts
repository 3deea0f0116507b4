// The control client's types are the schemas the server checks with: every example docs/scenarios.md,
// docs/control-plane.md, docs/profiles.md and docs/library.md give type-checks (npm run typecheck compiles
// this file) and the server takes it; a form the server refuses does not type-check.
import { describe, expect, it } from 'vitest';
import type { FixtureRecord, Fixtures, ScenarioFile, ScenarioRule, SettingsChange, WorldSettings } from '../../src/control/client.js';
import { arrange } from '../../src/control/arrange.js';
import { parseScenario } from '../../src/scenarios/check.js';
import { testSandbox } from '../support/helpers.js';

const documentedMatchers: ScenarioRule[] = [
  {
    match: { method: 'POST', path: '/groups/:groupId/invites', query: { n: '*' }, headers: { 'x-platform': 'android' } },
    response: { status: 429, message: 'slow down' },
  },
  { match: { path: '/auth/user', user: 'bob' }, fault: 'connection-reset' },
  { match: { path: '/auth/user', session: 'authcookie_x' }, delayMs: 10 },
  { match: { path: '/groups/*', world: '*' }, response: { status: 503 } },
  { match: { path: '/groups', body: { name: 'Test', 'privacy.level': '*' } }, response: { status: 400, message: 'no' } },
  { match: { path: '/groups/*', not: { user: 'bob' } }, response: { status: 403 } },
  { match: { path: '/instances/{worldId}:{instanceId}' }, response: { status: 503 } },
  { match: { path: '/auth/user' }, rateLimit: { limit: 3, windowMs: 60_000, per: 'user', retryAfter: true } },
  { match: { path: '/config' }, sequence: [{ response: { status: 500 } }, { fault: 'empty-response' }] },
];

const send = (t: ReturnType<typeof testSandbox>, method: string, path: string, body: unknown) =>
  t.app.request(`/_mock${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('takes every documented matcher, typed as the server checks it', () => {
  const scenario: ScenarioFile = { name: 'documented', rules: documentedMatchers };
  expect(() => parseScenario(scenario, 'scenario')).not.toThrow();
});

describe('settings', () => {
  // docs/control-plane.md (PATCH /_mock/settings and the switches it lists), docs/profiles.md.
  const documented: SettingsChange[] = [
    { userAgent: 'strict' },
    { profile: 'live' },
    { sessionTtlMinutes: 60, sessionLimit: 2, signups: 'closed', userAgent: 'any', profile: 'seed' },
  ];
  const refused = [
    // @ts-expect-error not a value of the switch
    { userAgent: 'lenient' } satisfies SettingsChange,
    // @ts-expect-error a setting of settings.json, not a switch of a running world
    { readCacheBytes: 1024 } satisfies SettingsChange,
  ];

  it.each(documented)('PATCH %j is taken', async (change) => {
    expect((await send(testSandbox(), 'PATCH', '/settings', change)).status).toBe(200);
  });

  it.each(refused)('PATCH %j is refused, as its type is', async (change) => {
    expect((await send(testSandbox(), 'PATCH', '/settings', change)).status).toBe(400);
  });

  it('in inline fixtures takes what settings.json takes (docs/profiles.md)', async () => {
    const fixtures: Fixtures = { settings: { profile: 'live', readCacheBytes: 1024 } };
    expect((await send(testSandbox(), 'POST', '/worlds', { fixtures })).status).toBe(200);
    // @ts-expect-error a setting's value of the wrong type
    const wrong: Fixtures = { settings: { readCacheBytes: 'a lot' } };
    expect((await send(testSandbox(), 'POST', '/worlds', { fixtures: wrong })).status).toBe(400);
  });

  it('are answered whole and typed, as GET /_mock/settings gives them', async () => {
    const settings = (await (await testSandbox().app.request('/_mock/settings')).json()) as WorldSettings;
    const maxTextLength: number = settings.maxTextLength;
    expect(maxTextLength).toBe(10_000);
  });
});

describe('records', () => {
  it('takes the record docs/library.md puts', async () => {
    const bob = arrange.user({ username: 'jon' });
    const t = testSandbox();
    expect((await send(t, 'PUT', '/records/users', bob)).status).toBe(200);
    const renamed: FixtureRecord<'users'> = { ...bob, displayName: 'Jonny' };
    expect((await send(t, 'PUT', '/records/users', renamed)).status).toBe(200);
  });

  it('refuses a record of the wrong form, as its type does', async () => {
    const bob = arrange.user({ username: 'jon' });
    // @ts-expect-error displayName is a string
    const wrong: FixtureRecord<'users'> = { ...bob, displayName: 7 };
    expect((await send(testSandbox(), 'PUT', '/records/users', wrong)).status).toBe(400);
  });
});
