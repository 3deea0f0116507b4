import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { InstanceDiscoverySchema } from '../../../src/areas/instances/requests.js';
import { InstanceSchema } from '../../../src/store/records/instances.js';
import { expectError, expectShape, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { locations, worlds } from '../../support/worlds-fixture-ids.js';

type T = ReturnType<typeof testSandbox>;

async function discover(t: T, cookie: string, query = '') {
  const r = await t.call('GET', `/instances/discover${query}`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return expectShape(InstanceDiscoverySchema, r.body);
}

const idsOf = (found: { instances: { id: string }[] }) => found.instances.map((i) => i.id);

/** The open, active instances of the default world: public ones and the public group one. */
const open = [locations.buildersGroup, locations.lobbyPublic, locations.alicePublic].sort();

describe('GET /instances/discover', () => {
  it('answers {attributionId, instances} holding the open, active instances', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const found = await discover(t, cookie);
    expect(found.attributionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idsOf(found).sort()).toEqual(open);
    for (const instance of found.instances) expect(instance.world.id).toBe(instance.worldId);
  });

  it('orders them differently from one request to the next', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) orders.add(idsOf(await discover(t, cookie)).join(' '));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('replays the same orders in a world built from the same data', async () => {
    const sequence = async () => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) {
        const found = await discover(t, cookie);
        seen.push(`${found.attributionId} ${idsOf(found).join(' ')}`);
      }
      return seen;
    };
    expect(await sequence()).toEqual(await sequence());
  });

  it('answers at most n instances', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await discover(t, cookie, '?n=1')).instances).toHaveLength(1);
    expect((await discover(t, cookie, '?n=50')).instances).toHaveLength(3);
  });

  it.each([
    ['0', 'n must be at least 1'],
    ['51', 'n must be at most 50'],
    ['ten', 'n must be an integer'],
  ])('refuses n=%s naming it', async (n, message) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/instances/discover?n=${n}`, { cookie }), 400, message);
  });

  it('names every bad filter', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/instances/discover?region=mars&platform=dreamcast&worldId=lobby', { cookie });
    expectError(
      r,
      400,
      'region must be one of us, use, eu, jp, unknown, platform must be one of standalonewindows, android, ios, worldId must be wrld_ followed by a UUID (wrld_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)',
    );
  });

  it('filters by world', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(idsOf(await discover(t, cookie, `?worldId=${worlds.aliceHome}`))).toEqual([locations.alicePublic]);
  });

  it('filters by owning group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(idsOf(await discover(t, cookie, `?groupId=${groups.builders}`))).toEqual([locations.buildersGroup]);
    expect(idsOf(await discover(t, cookie, `?groupId=${groups.nightOwls}`))).toEqual([]);
    expect(idsOf(await discover(t, cookie, `?groupId=${groups.builders}&worldId=${worlds.aliceHome}`))).toEqual([]);
  });

  it('filters by region', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(idsOf(await discover(t, cookie, '?region=jp'))).toEqual([locations.alicePublic]);
  });

  it('filters by a platform the world has a build for', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(idsOf(await discover(t, cookie, '?platform=ios')).sort()).toEqual([locations.buildersGroup, locations.lobbyPublic].sort());
    expect(idsOf(await discover(t, cookie, '?platform=android')).sort()).toEqual(open);
  });

  it('filters by category', async () => {
    const t = testSandbox((data) => {
      data.instances.find((i) => i.id === locations.lobbyPublic)!.categoryId = 'icat_00000000-0000-4000-8000-000000000001';
    });
    const cookie = await t.login('alice');
    const found = await discover(t, cookie, '?category=icat_00000000-0000-4000-8000-000000000001');
    expect(idsOf(found)).toEqual([locations.lobbyPublic]);
  });

  it('leaves out an instance once it is closed', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    await t.call('DELETE', `/instances/${locations.buildersGroup}`, { cookie: bob });
    expect(idsOf(await discover(t, bob)).sort()).toEqual([locations.lobbyPublic, locations.alicePublic].sort());
  });

  it('leaves out an instance when its planned close comes', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    await t.call('DELETE', `/instances/${locations.buildersGroup}?closedAt=2026-01-15T12:30:00Z`, { cookie: bob });
    expect(idsOf(await discover(t, bob))).toContain(locations.buildersGroup);
    t.clock.advance(30 * 60_000);
    expect(idsOf(await discover(t, bob))).not.toContain(locations.buildersGroup);
  });

  it('leaves out a full instance', async () => {
    const t = testSandbox((data) => {
      data.worlds.find((w) => w.id === worlds.lobby)!.capacity = 2;
    });
    const cookie = await t.login('alice');
    expect(idsOf(await discover(t, cookie))).not.toContain(locations.buildersGroup);
  });

  it('finds a public instance just created, but no hidden one', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const pub = await t.call('POST', '/instances', { cookie, body: { worldId: worlds.nightMarket, type: 'public', region: 'us' } });
    await t.call('POST', '/instances', { cookie, body: { worldId: worlds.nightMarket, type: 'hidden', region: 'us' } });
    expect(idsOf(await discover(t, cookie, `?worldId=${worlds.nightMarket}`))).toEqual([pub.body.id]);
  });
});

describe('routing under /instances', () => {
  it('does not read /instances/discover as a location', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/instances/discover', { cookie });
    expect(r.body).toHaveProperty('attributionId');
  });

  it('still reads a location next to discover', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/instances/${locations.lobbyPublic}`, { cookie });
    expect(expectShape(InstanceSchema, r.body).id).toBe(locations.lobbyPublic);
  });

  it('answers DELETE /instances/discover as an unknown instance', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('DELETE', '/instances/discover', { cookie }), 404, messages.instanceNotFound);
  });
});
