import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { main } from '../../src/main/cli.js';
import { messages, WAF_MISSING_USER_AGENT } from '../../src/errors.js';
import { expectError, testSandbox } from '../support/helpers.js';
import { control, newSandbox } from '../support/control-helpers.js';
import { SandboxSettingsSchema } from '../../src/store/records/settings.js';

const alice = encodeBasic('alice', 'alice-password');

describe('userAgent: strict', () => {
  it('refuses a missing or placeholder User-Agent with 403 and waf_code 13799', async () => {
    const t = testSandbox((data) => void (data.settings.userAgent = 'strict'));
    for (const agent of [undefined, '', 'node', 'axios/1.7.2', 'Go-http-client/1.1', 'OpenAPI-Generator/1.0.0/javascript', 'curl/8.5.0']) {
      const headers: Record<string, string> = { authorization: alice };
      if (agent !== undefined) headers['user-agent'] = agent;
      const reply = await t.call('GET', '/auth/user', { headers });
      expectError(reply, 403, messages.userAgentRequired);
      expect(reply.body.error.waf_code, String(agent)).toBe(WAF_MISSING_USER_AGENT);
    }
  });

  it('lets an application that names itself through', async () => {
    const t = testSandbox((data) => void (data.settings.userAgent = 'strict'));
    const reply = await t.call('GET', '/auth/user', {
      headers: { authorization: alice, 'user-agent': 'FriendWatcher/2.1 contact@example.org' },
    });
    expect(reply.status).toBe(200);
  });

  it('is off by default and switched per world through the control plane', async () => {
    const t = testSandbox();
    expect((await t.call('GET', '/auth/user', { headers: { authorization: alice } })).status).toBe(200);
    const one = await newSandbox(t);
    expect((await control(t, 'PATCH', '/settings', { world: one, body: { userAgent: 'strict' } })).body.userAgent).toBe('strict');
    expectError(await t.call('GET', '/auth/user', { headers: { authorization: alice, 'x-mock-world': one } }), 403);
    expect((await t.call('GET', '/auth/user', { headers: { authorization: alice } })).status).toBe(200);
  });

  it('refuses an unknown setting', async () => {
    const t = testSandbox();
    const reply = await control(t, 'PATCH', '/settings', { body: { userAgent: 'lax' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('userAgent must be one of any, strict');
  });
});

describe('session lifetime', () => {
  it('ends a cookie after its lifetime on the world clock: one clock move', async () => {
    const t = testSandbox();
    await control(t, 'PATCH', '/settings', { body: { sessionTtlMinutes: 30 } });
    const cookie = await t.login('alice');
    t.clock.advance(29 * 60_000);
    expect((await t.call('GET', '/auth/user', { cookie })).status).toBe(200);
    t.clock.advance(60_000);
    expectError(await t.call('GET', '/auth/user', { cookie }), 401, 'Missing Credentials');
  });

  it('refuses a lifetime past a year with a 400 naming the bound, from the control plane and in settings.json', async () => {
    const t = testSandbox();
    const reply = await control(t, 'PATCH', '/settings', { body: { sessionTtlMinutes: 1e15 } });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('sessionTtlMinutes must be at most 525600');
    expect(SandboxSettingsSchema.safeParse({ sessionTtlMinutes: 1e15 }).success).toBe(false);
  });

  it('refuses one minute past a year and keeps the lifetime it had', async () => {
    const t = testSandbox();
    const before = (await control(t, 'GET', '/settings')).body.sessionTtlMinutes;
    expect(before).toBeGreaterThan(0);
    const reply = await control(t, 'PATCH', '/settings', { body: { sessionTtlMinutes: 525_601 } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual({ message: 'sessionTtlMinutes must be at most 525600', status_code: 400 });
    expect((await control(t, 'GET', '/settings')).body.sessionTtlMinutes).toBe(before);
  });

  it('takes a year, and the cookie then expires a year on', async () => {
    const t = testSandbox();
    expect((await control(t, 'PATCH', '/settings', { body: { sessionTtlMinutes: 525_600 } })).status).toBe(200);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: alice } });
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('auth='))!;
    const expires = /Expires=([^;]+)/i.exec(cookie)?.[1];
    expect(Date.parse(expires!) - t.clock.now()).toBeGreaterThan(364 * 24 * 3_600_000);
  });
});

describe('the start flags', () => {
  it('take --user-agent strict and --session-ttl', async () => {
    const write = process.stdout.write;
    process.stdout.write = () => true;
    const server = await main([
      'node',
      'mock-api',
      'start',
      '--port',
      '0',
      '--quiet',
      '--user-agent',
      'strict',
      '--session-ttl',
      '5',
    ]).finally(() => {
      process.stdout.write = write;
    });
    try {
      const origin = server!.url.replace('/api/1', '');
      const settings = (await (await fetch(`${origin}/_mock/settings`)).json()) as Record<string, unknown>;
      expect(settings).toMatchObject({ userAgent: 'strict', sessionTtlMinutes: 5 });
      const refused = await fetch(`${server!.url}/auth/user`, { headers: { authorization: alice, 'user-agent': 'node' } });
      expect(refused.status).toBe(403);
    } finally {
      await server!.close();
    }
  });
});
