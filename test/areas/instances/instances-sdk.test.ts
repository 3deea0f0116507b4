import { describe, expect, it } from 'vitest';
import { locations, worlds } from '../../support/worlds-fixture-ids.js';
import { useSdkServer } from '../../support/sdk-harness.js';

const { loggedIn: login } = useSdkServer();

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
