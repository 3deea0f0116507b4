import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlClient, ControlError, startServer, vrchatOptions, type MockServer } from '../../src/main/index.js';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { sdkClient } from '../support/sdk-harness.js';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const alice = { authorization: encodeBasic('alice', 'alice-password') };

describe('startServer', () => {
  it('answers on a free port of 127.0.0.1, with the API, pipeline and root URLs', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.apiUrl).toBe(`${server.url}/api/1`);
    expect(server.pipelineUrl).toBe(`ws://127.0.0.1:${server.port}/`);
    expect((await fetch(`${server.apiUrl}/auth/user`, { headers: alice })).status).toBe(200);
  });

  it('answers its control calls in process: the world they change is the one HTTP clients see, and none once closed', async () => {
    const other = await startServer();
    const world = await other.worlds.create();
    await world.clock.set('2030-01-01T00:00:00.000Z');
    const overHttp = await fetch(`${other.url}/_mock/clock`, { headers: world.headers });
    const { now } = (await overHttp.json()) as { now: string };
    expect(Date.parse(now) - Date.parse('2030-01-01T00:00:00.000Z')).toBeLessThan(60_000);
    await other.close();
    await expect(other.reset()).rejects.toThrow(`the server at ${other.apiUrl} is closed`);
    await expect(world.clock.get()).rejects.toThrow(TypeError);
  });

  it('loads ready-made scenarios by name', async () => {
    const other = await startServer({ scenarios: ['login-rate-limited'] });
    try {
      expect((await other.scenarios.list()).map((rule) => rule.scenario)).toContain('login-rate-limited');
    } finally {
      await other.close();
    }
  });
});

describe('the control client', () => {
  it('gives a world handle whose requests carry its header, apart from the default world', async () => {
    const world = await server.worlds.create();
    try {
      expect(world.headers).toEqual({ 'X-Mock-World': world.id });
      const before = await server.clock.get();
      const moved = await world.clock.advance(3_600_000);
      expect(moved.getTime() - before.getTime()).toBeGreaterThanOrEqual(3_600_000);
      expect((await server.clock.get()).getTime() - before.getTime()).toBeLessThan(3_600_000);
      expect((await world.fetch('/auth/user', { headers: alice })).status).toBe(200);
      const seen = await world.requests({ method: 'GET', path: '/api/1/auth/user' });
      expect(seen.map((entry) => [entry.status, entry.world])).toEqual([[200, world.id]]);
    } finally {
      await world.delete();
    }
  });

  it('works against a server given by URL, and says what a refused call answered', async () => {
    const client = controlClient(server.apiUrl);
    expect(client.url).toBe(server.url);
    await expect(client.worlds.delete('world_nope')).rejects.toThrow(ControlError);
    await expect(client.worlds.delete('world_nope')).rejects.toMatchObject({ status: 404 });
  });

  it('snapshots and restores a world', async () => {
    const world = await server.worlds.create();
    await world.snapshot();
    const register = await world.fetch('/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'dave',
        password: 'dave-password',
        email: 'dave@example.test',
        acceptedTOSVersion: 7,
        captchaCode: 'x',
        day: '1',
        month: '2',
        year: '1990',
        subscribe: false,
      }),
    });
    expect(register.status).toBe(200);
    await world.restore();
    const login = await world.fetch('/auth/user', { headers: { authorization: encodeBasic('dave', 'dave-password') } });
    expect(login.status).toBe(401);
    await world.delete();
  });

  it("reads a world's own outbox", async () => {
    const world = await server.worlds.create();
    const before = (await server.outbox()).length;
    await world.fetch('/auth/user', { headers: { authorization: encodeBasic('dana', 'dana-password') } });
    const sent = await world.outbox();
    expect(sent.map((email) => email.to)).toEqual([expect.stringContaining('dana')]);
    expect(sent[0]!.code).toMatch(/^\d{6}$/);
    expect(await server.outbox()).toHaveLength(before);
    await world.delete();
  });

  it('adds, lists and drops run-time scenario rules', async () => {
    await server.scenarios.use({ name: 'teapot', rules: [{ match: { path: '/config' }, response: { status: 418 } }] });
    expect((await server.scenarios.list()).map((rule) => rule.scenario)).toContain('teapot');
    await server.scenarios.reset();
    expect((await server.scenarios.list()).map((rule) => rule.scenario)).not.toContain('teapot');
  });
});

describe('the vrchat SDK helpers', () => {
  it('point an unchanged SDK client at an isolated world', async () => {
    const world = await server.worlds.create();
    const credentials = { username: 'alice', password: 'alice-password' };
    const vrchat = sdkClient({ ...vrchatOptions(world), authentication: { credentials, optimistic: false } });
    const { data, error } = await vrchat.login(credentials);
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ username: 'alice' });
    expect((await world.requests({ path: '/api/1/auth/user', status: 200 })).length).toBeGreaterThan(0);
    await world.delete();
  });
});
