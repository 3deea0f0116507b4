import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { locations, worlds } from './worlds-fixture-ids.js';

// The official SDK needs Promise.withResolvers, which Node 20 lacks.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

const { VRChat } = await import('vrchat');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

async function login(username: string) {
  const vrchat = new VRChat({
    baseUrl: server.url,
    application: { name: 'mock-api-tests', version: '1.0.0', contact: 'tests@example.test' },
    authentication: { credentials: { username, password: `${username}-password` }, optimistic: false },
    pipeline: { baseUrl: 'ws://127.0.0.1:9' },
  });
  await vrchat.login({ username, password: `${username}-password` });
  return vrchat;
}

describe('the vrchat SDK on worlds and instances', () => {
  it('reads a world with its unity packages', async () => {
    const vrchat = await login('alice');
    const { data, error } = await vrchat.getWorld({ path: { worldId: worlds.aliceHome } });
    expect(error).toBeUndefined();
    expect(data?.name).toBe("Alice's Workshop");
    expect(data?.created_at).toBeInstanceOf(Date);
    expect(data?.unityPackages?.[0]?.platform).toBe('standalonewindows');
  });

  it('creates an instance and reads it back through both paths', async () => {
    const vrchat = await login('alice');
    const created = await vrchat.createInstance({ body: { worldId: worlds.lobby, type: 'hidden', region: 'eu' } });
    expect(created.error).toBeUndefined();
    expect(created.data?.world.updated_at).toBeInstanceOf(Date);
    const instanceId = created.data!.instanceId;
    const byWorld = await vrchat.getWorldInstance({ path: { worldId: worlds.lobby, instanceId } });
    expect(byWorld.data?.location).toBe(created.data?.location);
    const byLocation = await vrchat.getInstance({ path: { worldId: worlds.lobby, instanceId } });
    expect(byLocation.data?.id).toBe(created.data?.id);
  });

  it('closes an instance with closeInstance', async () => {
    const vrchat = await login('alice');
    const created = await vrchat.createInstance({ body: { worldId: worlds.lobby, type: 'friends', region: 'us' } });
    const path = { worldId: worlds.lobby, instanceId: created.data!.instanceId };
    const { data, error } = await vrchat.closeInstance({ path, query: { hardClose: true } });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ active: false, hardClose: true });
    expect(data?.closedAt).toBeInstanceOf(Date);
  });

  it('reports a refused close as an error', async () => {
    const vrchat = await login('bob');
    const [worldId, instanceId] = [worlds.aliceHome, locations.alicePublic.split(':')[1]!];
    const { data, error } = await vrchat.closeInstance({ path: { worldId, instanceId } });
    expect(data).toBeUndefined();
    expect(error?.message).toBe("You're not allowed to close this instance.");
  });
});
