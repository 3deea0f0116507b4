import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { InstanceSchema } from '../../../src/store/records/instances.js';
import { WorldSchema } from '../../../src/store/records/worlds.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { instances, locations, unknownWorld, worlds } from '../../support/worlds-fixture-ids.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

async function create(t: ReturnType<typeof testSandbox>, cookie: string, body: Record<string, unknown>) {
  const r = await t.call('POST', '/instances', { cookie, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return expectShape(InstanceSchema, r.body);
}

describe('POST /instances', () => {
  it('refuses a displayName of null, as live', async () => {
    const t = testSandbox();
    const r = await t.call('POST', '/instances', {
      cookie: await t.login('alice'),
      body: { worldId: worlds.lobby, type: 'hidden', region: 'eu', displayName: null },
    });
    expectError(r, 400, 'displayName must be a string');
  });

  it('opens a hidden instance owned by the requester, with the id the real API gives', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const instance = await create(t, cookie, { worldId: worlds.lobby, type: 'hidden', region: 'eu' });
    expect(instance.instanceId).toMatch(new RegExp(`^\\d{5}~hidden\\(${ids.alice}\\)~region\\(eu\\)~nonce\\(${UUID}\\)$`));
    expect(instance.location).toBe(`${worlds.lobby}:${instance.instanceId}`);
    expect(instance.id).toBe(instance.location);
    expect(instance).toMatchObject({
      worldId: worlds.lobby,
      ownerId: ids.alice,
      creatorId: ids.alice,
      hidden: ids.alice,
      type: 'hidden',
      region: 'eu',
      photonRegion: 'eu',
      active: true,
      closedAt: null,
      n_users: 0,
      userCount: 0,
      capacity: 40,
      recommendedCapacity: 20,
      full: false,
      hasCapacityForYou: true,
      users: [],
      platforms: { android: 0, ios: 0, standalonewindows: 0 },
    });
    expect(instance.name).toBe(instance.instanceId.split('~')[0]);
    expect(instance.nonce).toBe(instance.instanceId.match(/nonce\((.*)\)$/)![1]);
    expect(instance).not.toHaveProperty('friends');
    expect(instance).not.toHaveProperty('private');
    expect(instance).not.toHaveProperty('groupAccessType');
  });

  it('carries the full World, unity packages included', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const instance = await create(t, cookie, { worldId: worlds.lobby, type: 'friends', region: 'us' });
    const world = expectShape(WorldSchema, instance.world);
    expect(world.id).toBe(worlds.lobby);
    expect(world.unityPackages).toHaveLength(3);
  });

  it('reads the new instance back through both paths', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const created = await create(t, cookie, { worldId: worlds.nightMarket, type: 'friends', region: 'jp', displayName: 'Late shift' });
    const byWorld = await t.call('GET', `/worlds/${worlds.nightMarket}/${created.instanceId}`, { cookie });
    expect(byWorld.status).toBe(200);
    expect(expectShape(InstanceSchema, byWorld.body)).toEqual(created);
    const byLocation = await t.call('GET', `/instances/${created.location}`, { cookie });
    expect(expectShape(InstanceSchema, byLocation.body)).toEqual(created);
    expect(created).toMatchObject({ friends: ids.alice, displayName: 'Late shift' });
  });

  it('opens a public instance with no owner and no access marker', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const instance = await create(t, cookie, { worldId: worlds.nightMarket, type: 'public', region: 'us' });
    expect(instance.instanceId).toMatch(new RegExp(`^\\d{5}~region\\(us\\)~nonce\\(${UUID}\\)$`));
    expect(instance).toMatchObject({ ownerId: null, creatorId: ids.bob, type: 'public' });
    const world = await t.call('GET', `/worlds/${worlds.nightMarket}`, { cookie });
    expect(expectShape(WorldSchema, world.body).instances).toEqual([[instance.instanceId, 0, {}]]);
  });

  it('opens an invite+ private instance with its options', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const instance = await create(t, cookie, {
      worldId: worlds.nightMarket,
      type: 'private',
      region: 'use',
      canRequestInvite: true,
      queueEnabled: true,
      ageGate: true,
      contentSettings: { props: false },
      closedAt: '2026-01-15T20:00:00Z',
    });
    expect(instance.instanceId).toContain(`~private(${ids.bob})~region(use)~`);
    expect(instance).toMatchObject({
      private: ids.bob,
      canRequestInvite: true,
      queueEnabled: true,
      ageGate: true,
      closedAt: '2026-01-15T20:00:00.000Z',
      active: true,
      contentSettings: { drones: true, emoji: true, pedestals: true, prints: true, props: false, stickers: true },
    });
  });

  it('opens a group instance for a member allowed to, with the group in its id', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const instance = await create(t, cookie, {
      worldId: worlds.lobby,
      type: 'group',
      region: 'us',
      ownerId: groups.builders,
      groupAccessType: 'public',
    });
    expect(instance.instanceId).toMatch(
      new RegExp(`^\\d{5}~group\\(${groups.builders}\\)~groupAccessType\\(public\\)~region\\(us\\)~nonce\\(${UUID}\\)$`),
    );
    expect(instance).toMatchObject({ ownerId: groups.builders, creatorId: ids.alice, groupAccessType: 'public', roleRestricted: false });
  });

  it('restricts a members-only group instance to the roles it names', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const instance = await create(t, cookie, {
      worldId: worlds.lobby,
      type: 'group',
      region: 'eu',
      ownerId: groups.builders,
      roleIds: ['grol_00000001-0000-4000-8000-000000000002'],
    });
    expect(instance).toMatchObject({ groupAccessType: 'members', roleRestricted: true });
    expect(instance.instanceId).toContain('~groupAccessType(members)~');
  });

  it('refuses a group instance type the member may not open', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const body = { worldId: worlds.lobby, type: 'group', region: 'us', ownerId: groups.builders, groupAccessType: 'public' };
    expectError(await t.call('POST', '/instances', { cookie, body }), 403, messages.groupNoPermission);
  });

  it('refuses a group instance to a user only invited to the group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { worldId: worlds.lobby, type: 'group', region: 'us', ownerId: groups.photoClub };
    expectError(await t.call('POST', '/instances', { cookie, body }), 403, messages.groupNoPermission);
  });

  it('answers 404 for a group that does not exist', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { worldId: worlds.lobby, type: 'group', region: 'us', ownerId: 'grp_0000000f-0000-4000-8000-000000000000' };
    expectError(await t.call('POST', '/instances', { cookie, body }), 404, messages.groupNotFound);
  });

  it('refuses roleIds that are not roles of the group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = {
      worldId: worlds.lobby,
      type: 'group',
      region: 'us',
      ownerId: groups.builders,
      roleIds: ['grol_00000002-0000-4000-8000-000000000001'],
    };
    expectError(await t.call('POST', '/instances', { cookie, body }), 400, messages.instanceUnknownRoles);
  });

  it('answers 404 for an unknown world', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/instances', { cookie, body: { worldId: unknownWorld, type: 'hidden', region: 'us' } });
    expectError(r, 404, messages.worldNotFound(unknownWorld));
  });

  it('names every missing required field', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', '/instances', { cookie, body: {} }), 400, 'worldId is required, type is required, region is required');
  });

  it('names every invalid field at once', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/instances', {
      cookie,
      body: { worldId: 'world-1', type: 'party', region: 'mars', queueEnabled: 'yes', closedAt: 'tomorrow', nickname: 'x' },
    });
    expectError(
      r,
      400,
      'worldId must be wrld_ followed by a UUID (wrld_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), type must be one of public, hidden, friends, private, group, ' +
        'region must be one of us, use, eu, jp, unknown, queueEnabled must be a boolean, closedAt must be a date-time, ' +
        'nickname is not allowed',
    );
  });

  it('refuses options that do not fit the instance type', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/instances', {
      cookie,
      body: {
        worldId: worlds.lobby,
        type: 'public',
        region: 'us',
        groupAccessType: 'plus',
        canRequestInvite: true,
        closedAt: '2026-02-01T00:00:00Z',
      },
    });
    expectError(
      r,
      400,
      'groupAccessType must only be given for a group instance, canRequestInvite must only be true for a private instance, ' +
        'closedAt must not be given for a public instance',
    );
  });

  it('refuses a group instance without a group owner', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/instances', {
      cookie,
      body: { worldId: worlds.lobby, type: 'group', region: 'us', ownerId: ids.alice },
    });
    expectError(r, 400, 'ownerId must be grp_ followed by a UUID (grp_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx) for a group instance');
  });

  it('refuses an instance owned by someone else', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/instances', {
      cookie,
      body: { worldId: worlds.lobby, type: 'hidden', region: 'us', ownerId: ids.bob },
    });
    expectError(r, 400, messages.instanceOwnerNotYou);
  });

  it('refuses a closedAt that has already passed', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { worldId: worlds.lobby, type: 'hidden', region: 'us', closedAt: '2026-01-15T11:59:00Z' };
    expectError(await t.call('POST', '/instances', { cookie, body }), 400, messages.instanceClosedAtPast);
  });

  it('answers a malformed body with 400', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', '/instances', { cookie, body: '{"worldId":' }), 400, messages.malformedJson);
  });
});

describe('GET /worlds/{worldId}/{instanceId}', () => {
  it("shows a user's later login in their last_activity on the next read", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const path = `/worlds/${worlds.aliceHome}/${instances.aliceHidden}`;
    const bobBefore = expectShape(InstanceSchema, (await t.call('GET', path, { cookie })).body).users.find((u) => u.id === ids.bob);
    t.clock.advance(3_600_000);
    await t.login('bob');
    const bobAfter = expectShape(InstanceSchema, (await t.call('GET', path, { cookie })).body).users.find((u) => u.id === ids.bob);
    expect(bobAfter!.last_activity).toBe('2026-01-15T13:00:00.000Z');
    expect(bobAfter!.last_activity).not.toBe(bobBefore!.last_activity);
  });

  it('reads a fixture instance with its users, counted consistently', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/worlds/${worlds.aliceHome}/${instances.aliceHidden}`, { cookie });
    expect(r.status).toBe(200);
    const instance = expectShape(InstanceSchema, r.body);
    expect(instance.users.map((u) => u.id)).toEqual([ids.alice, ids.bob]);
    expect(instance).toMatchObject({
      id: locations.aliceHidden,
      location: locations.aliceHidden,
      name: '48213',
      type: 'hidden',
      hidden: ids.alice,
      ownerId: ids.alice,
      n_users: 2,
      userCount: 2,
      capacity: 16,
      full: false,
      hasCapacityForYou: true,
      platforms: { android: 0, ios: 0, standalonewindows: 2 },
    });
    expect(instance.users[1]).toMatchObject({ displayName: 'Bob', isFriend: true, last_platform: 'standalonewindows' });
  });

  it('keeps the server-only fields out of the response', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/worlds/${worlds.aliceHome}/${instances.aliceHidden}`, { cookie });
    expect(r.body).not.toHaveProperty('userIds');
    expect(r.body).not.toHaveProperty('roleIds');
    expect(r.body).not.toHaveProperty('inviteOnly');
    expect(r.body.users[0]).not.toHaveProperty('password');
  });

  it('counts users per platform', async () => {
    const t = testSandbox((data) => {
      data.users.find((u) => u.id === ids.bob)!.last_platform = 'android';
    });
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/worlds/${worlds.aliceHome}/${instances.aliceHidden}`, { cookie });
    expect(expectShape(InstanceSchema, r.body).platforms).toEqual({ android: 1, ios: 0, standalonewindows: 1 });
  });

  it('reports an instance at capacity as full', async () => {
    const t = testSandbox((data) => {
      data.worlds.find((w) => w.id === worlds.aliceHome)!.capacity = 2;
    });
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/worlds/${worlds.aliceHome}/${instances.aliceHidden}`, { cookie });
    expect(expectShape(InstanceSchema, r.body)).toMatchObject({ capacity: 2, n_users: 2, full: true, hasCapacityForYou: false });
  });

  it('shows a closed fixture instance as inactive', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('GET', `/worlds/${worlds.nightMarket}/${instances.bobClosed}`, { cookie });
    expect(expectShape(InstanceSchema, r.body)).toMatchObject({
      active: false,
      closedAt: '2025-12-01T20:00:00.000Z',
      hasCapacityForYou: false,
      private: ids.bob,
      canRequestInvite: true,
    });
  });

  it('shows a group instance with its access type and no holder marker', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('GET', `/worlds/${worlds.lobby}/${instances.buildersGroup}`, { cookie });
    const instance = expectShape(InstanceSchema, r.body);
    expect(instance).toMatchObject({ type: 'group', ownerId: groups.builders, groupAccessType: 'public', n_users: 2 });
    expect(instance).not.toHaveProperty('hidden');
  });

  it('answers 404 for an unknown instance of a known world', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/worlds/${worlds.aliceHome}/99999~region(us)`, { cookie }), 404, messages.instanceNotFound);
  });

  it('answers 404 for an instance named under the wrong world', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/worlds/${worlds.lobby}/${instances.aliceHidden}`, { cookie }), 404, messages.instanceNotFound);
  });

  it('answers 404 naming an unknown world', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/worlds/${unknownWorld}/${instances.aliceHidden}`, { cookie });
    expectError(r, 404, messages.worldNotFound(unknownWorld));
  });
});

describe('GET /instances/{worldId}:{instanceId}', () => {
  it('reads an instance by its location', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/instances/${locations.buildersGroup}`, { cookie });
    expect(r.status).toBe(200);
    expect(expectShape(InstanceSchema, r.body).id).toBe(locations.buildersGroup);
  });

  it('accepts the colon percent-encoded', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/instances/${worlds.aliceHome}%3A${instances.alicePublic}`, { cookie });
    expect(r.status).toBe(200);
    expect(expectShape(InstanceSchema, r.body).instanceId).toBe(instances.alicePublic);
  });

  it('answers 404 for a location that names no instance', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/instances/${worlds.aliceHome}`, { cookie }), 404, messages.instanceNotFound);
    expectError(await t.call('GET', `/instances/${unknownWorld}:${instances.alicePublic}`, { cookie }), 404, messages.instanceNotFound);
    expectError(await t.call('GET', `/instances/${unknownWorld}:0`, { cookie }), 404, messages.instanceNotFound);
  });

  it('reads an instance without a session, as live, with its world; nobody inside is a friend of nobody', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/instances/${locations.aliceHidden}`);
    expect(r.status).toBe(200);
    const instance = expectShape(InstanceSchema, r.body);
    expect(instance.world.id).toBe(worlds.aliceHome);
    expect(instance.users.map((u) => [u.id, u.isFriend])).toEqual([
      [ids.alice, false],
      [ids.bob, false],
    ]);
    expectError(await t.call('DELETE', `/instances/${locations.aliceHidden}`), 401, messages.missingCredentials);
  });

  it('reads a public instance named by its bare number as that instance, open and empty, as live', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/instances/${worlds.lobby}:0`);
    expect(r.status).toBe(200);
    const instance = expectShape(InstanceSchema, r.body);
    expect(instance).toMatchObject({ id: `${worlds.lobby}:0`, instanceId: '0', type: 'public', n_users: 0, active: true, users: [] });
    expect(instance.world.id).toBe(worlds.lobby);
    const names = (await t.call('GET', `/instances/${worlds.lobby}:0/shortName`)).body;
    expect(names.secureName).toBe(instance.secureName);
  });
});
