import { describe, expect, it } from 'vitest';
import { createInstance } from '../../../src/areas/instances/instances.js';
import { LIMITS } from '../../../src/limits.js';
import { ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { worlds } from '../../support/worlds-fixture-ids.js';

describe("lists of a group's instances", () => {
  it(`list the newest ${LIMITS.groupInstancesListed.value} open instances of a group that has more`, async () => {
    const t = testSandbox();
    const alice = t.sandbox.users.get(ids.alice)!;
    const body = { worldId: worlds.lobby, type: 'group', region: 'us', ownerId: groups.builders, groupAccessType: 'public' };
    const made = Array.from({ length: LIMITS.groupInstancesListed.value + 20 }, () => createInstance(t.sandbox, alice, body).id);
    const newest = made.slice(-LIMITS.groupInstancesListed.value);
    const cookie = await t.login('alice');
    const ofGroup = await t.call('GET', `/groups/${groups.builders}/instances`, { cookie });
    expect(ofGroup.status).toBe(200);
    expect(ofGroup.body.map((item: { location: string }) => item.location)).toEqual(newest);
    const ofUser = await t.call('GET', `/users/${ids.alice}/instances/groups`, { cookie });
    expect(ofUser.body.instances).toHaveLength(LIMITS.groupInstancesListed.value);
  }, 60_000);

  it(`list every open instance of a group that has exactly ${LIMITS.groupInstancesListed.value}; one more leaves out the oldest`, async () => {
    const t = testSandbox();
    const alice = t.sandbox.users.get(ids.alice)!;
    const body = { worldId: worlds.lobby, type: 'group', region: 'us', ownerId: groups.builders, groupAccessType: 'public' };
    const cookie = await t.login('alice');
    const listed = async () =>
      (await t.call('GET', `/groups/${groups.builders}/instances`, { cookie })).body.map((item: { location: string }) => item.location);
    const before: string[] = await listed();
    const max = LIMITS.groupInstancesListed.value;
    const made = Array.from({ length: max - before.length }, () => createInstance(t.sandbox, alice, body).id);
    const full: string[] = await listed();
    expect(full).toHaveLength(max);
    expect(full).toEqual(expect.arrayContaining([...before, ...made]));
    const oldest = full[0]!;
    createInstance(t.sandbox, alice, body);
    const past: string[] = await listed();
    expect(past).toHaveLength(max);
    expect(past).not.toContain(oldest);
  });
});
