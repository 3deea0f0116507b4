import { describe, expect, it } from 'vitest';
import { testSandbox } from '../../support/helpers.js';
import { worlds } from '../../support/worlds-fixture-ids.js';

describe('instance lists in world views', () => {
  it('list at most worldViewInstances (50) open instances, however many there are', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    for (let i = 0; i < 120; i++) {
      const created = await t.call('POST', '/instances', { cookie, body: { worldId: worlds.nightMarket, type: 'public', region: 'us' } });
      expect(created.status).toBe(200);
    }
    const found = await t.call('GET', `/instances/discover?n=5&worldId=${worlds.nightMarket}`, { cookie });
    expect(found.body.instances).toHaveLength(5);
    for (const instance of found.body.instances) {
      expect(instance.world.instances).toHaveLength(50);
      expect(instance.world.slimInstances).toHaveLength(50);
    }
    const world = await t.call('GET', `/worlds/${worlds.nightMarket}`, { cookie });
    expect(world.body.instances).toHaveLength(50);
  });

  it('follow the world setting', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { worldViewInstances: 2 }));
    const cookie = await t.login('bob');
    for (let i = 0; i < 3; i++)
      await t.call('POST', '/instances', { cookie, body: { worldId: worlds.nightMarket, type: 'public', region: 'us' } });
    expect((await t.call('GET', `/worlds/${worlds.nightMarket}`, { cookie })).body.instances).toHaveLength(2);
  });
});
