import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { InstanceRecordSchema } from '../../../src/store/records/instances.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { locations, worlds } from '../../support/worlds-fixture-ids.js';

const nightOwlsMembers = `40404~group(${groups.nightOwls})~groupAccessType(members)~region(us)~nonce(00000002-0000-4000-8000-0000000000c9)`;
const nightOwlsPlus = `40405~group(${groups.nightOwls})~groupAccessType(plus)~region(us)~nonce(00000002-0000-4000-8000-0000000000ca)`;

/** Night Owls (bob's group; alice and admin are members) gets a members-only instance with bob inside and a plus one with admin inside. */
function nightOwlsInstances(data: SandboxData) {
  data.instances.push(
    InstanceRecordSchema.parse({ worldId: worlds.nightMarket, instanceId: nightOwlsMembers, creatorId: ids.bob, userIds: [ids.bob] }),
    InstanceRecordSchema.parse({ worldId: worlds.nightMarket, instanceId: nightOwlsPlus, creatorId: ids.admin, userIds: [ids.admin] }),
  );
}

describe('short names', () => {
  it('GET /instances/{location}/shortName and GET /instances/s/{shortName} name the same instance', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const names = await t.call('GET', `/instances/${locations.lobbyPublic}/shortName`, { cookie: bob });
    expect(names.status).toBe(200);
    expect(names.body).toEqual({ secureName: expect.any(String), shortName: expect.any(String) });
    const byShort = await t.call('GET', `/instances/s/${names.body.shortName}`, { cookie: bob });
    expect(byShort.status).toBe(200);
    expect(byShort.body).toMatchObject({ id: locations.lobbyPublic, shortName: names.body.shortName, secureName: names.body.secureName });
    const bySecure = await t.call('GET', `/instances/s/${names.body.secureName}`, { cookie: bob });
    expect(bySecure.body.id).toBe(locations.lobbyPublic);
  });

  it('finds an instance created after the first lookup by its short name', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    await t.call('GET', '/instances/s/nothing0', { cookie: alice });
    const created = await t.call('POST', '/instances', {
      cookie: alice,
      body: { worldId: worlds.aliceHome, type: 'public', region: 'eu' },
    });
    expect(created.status).toBe(200);
    const byShort = await t.call('GET', `/instances/s/${created.body.shortName}`, { cookie: alice });
    expect(byShort.body.id).toBe(created.body.id);
  });

  it('answers 404 for an unknown short name or location', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('GET', '/instances/s/zzzzzzzz', { cookie: bob }), 404, messages.instanceNotFound);
    expectError(
      await t.call('GET', `/instances/${worlds.lobby}:99999~region(us)/shortName`, { cookie: bob }),
      404,
      messages.instanceNotFound,
    );
  });

  it('answers the names of a public instance named by its bare number, without a session, as live', async () => {
    const t = testSandbox();
    const first = await t.call('GET', `/instances/${worlds.lobby}:0/shortName`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ secureName: expect.any(String), shortName: expect.any(String) });
    expect((await t.call('GET', `/instances/${worlds.lobby}:0/shortName`)).body).toEqual(first.body);
  });
});

describe('GET /instances/recent', () => {
  it('lists the open instances the requester is in, then those they created, as locations', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('GET', '/instances/recent', { cookie: alice });
    expect(r.status).toBe(200);
    // alice is in her hidden instance; she created the builders meetup and her public one
    expect(r.body).toEqual([locations.aliceHidden, locations.alicePublic, locations.buildersGroup]);
  });

  it('leaves closed instances out and pages', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', '/instances/recent', { cookie: bob })).body).toEqual([locations.aliceHidden]);
    const alice = await t.login('alice');
    expect((await t.call('GET', '/instances/recent?n=1&offset=1', { cookie: alice })).body).toEqual([locations.alicePublic]);
    expectError(await t.call('GET', '/instances/recent?n=0', { cookie: alice }), 400, 'n must be at least 1');
  });
});

describe('group instances', () => {
  it("GET /users/{userId}/instances/groups lists the open instances of the user's groups they may see", async () => {
    const t = testSandbox(nightOwlsInstances);
    const alice = await t.login('alice');
    const r = await t.call('GET', `/users/${ids.alice}/instances/groups`, { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body.fetchedAt).toBe('2026-01-15T12:00:00.000Z');
    const seen = r.body.instances.map((i: { id: string }) => i.id).sort();
    expect(seen).toEqual(
      [locations.buildersGroup, `${worlds.nightMarket}:${nightOwlsMembers}`, `${worlds.nightMarket}:${nightOwlsPlus}`].sort(),
    );
    const one = r.body.instances.find((i: { id: string }) => i.id.endsWith(nightOwlsMembers));
    expect(one).toMatchObject({ n_users: 1, full: false });
  });

  it('narrows to one group with /{groupId}', async () => {
    const t = testSandbox(nightOwlsInstances);
    const alice = await t.login('alice');
    const r = await t.call('GET', `/users/${ids.alice}/instances/groups/${groups.builders}`, { cookie: alice });
    expect(r.body.instances.map((i: { id: string }) => i.id)).toEqual([locations.buildersGroup]);
  });

  it('leaves out a closed instance', async () => {
    const t = testSandbox((data) => {
      nightOwlsInstances(data);
      data.instances.find((i) => i.instanceId === nightOwlsMembers)!.closedAt = '2026-01-01T00:00:00.000Z';
    });
    const alice = await t.login('alice');
    const r = await t.call('GET', `/users/${ids.alice}/instances/groups/${groups.nightOwls}`, { cookie: alice });
    expect(r.body.instances.map((i: { id: string }) => i.id)).toEqual([`${worlds.nightMarket}:${nightOwlsPlus}`]);
  });

  it("refuses another user's list with 403", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('GET', `/users/${ids.alice}/instances/groups`, { cookie: bob }), 403, messages.instanceUserMustBeOwn);
  });

  it('GET /groups/{groupId}/instances shows a non-member only what they may see, with members counted', async () => {
    const t = testSandbox(nightOwlsInstances);
    const alice = await t.login('alice');
    const asMember = await t.call('GET', `/groups/${groups.nightOwls}/instances`, { cookie: alice });
    expect(asMember.status).toBe(200);
    expect(asMember.body.map((g: { instanceId: string; memberCount: number }) => [g.instanceId, g.memberCount])).toEqual([
      [nightOwlsMembers, 1],
      [nightOwlsPlus, 1],
    ]);
    expect(asMember.body[0].world.id).toBe(worlds.nightMarket);
  });

  it('shows a non-member a plus instance only with a friend inside, and never a members one', async () => {
    const t = testSandbox((data) => {
      nightOwlsInstances(data);
      data.groupMembers = data.groupMembers.filter((m) => !(m.groupId === groups.nightOwls && m.userId === ids.alice));
      const alice = data.users.find((u) => u.id === ids.alice)!;
      alice.friends = alice.friends.filter((id) => id !== ids.admin);
    });
    const alice = await t.login('alice');
    expect((await t.call('GET', `/groups/${groups.nightOwls}/instances`, { cookie: alice })).body).toEqual([]);
    t.sandbox.users.get(ids.alice)!.friends.push(ids.admin);
    t.sandbox.revision++;
    const withFriend = await t.call('GET', `/groups/${groups.nightOwls}/instances`, { cookie: alice });
    expect(withFriend.body.map((g: { instanceId: string }) => g.instanceId)).toEqual([nightOwlsPlus]);
  });

  it('answers 403 for an unknown group, as the live service does', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(
      await t.call('GET', '/groups/grp_0000000f-0000-4000-8000-000000000000/instances', { cookie: alice }),
      403,
      messages.groupNotMember,
    );
  });
});
