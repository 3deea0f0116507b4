import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GroupListItemSchema, GroupSchema } from '../../../src/store/records/groups.js';
import { SuccessEnvelopeSchema } from '../../../src/schema/common.js';
import { expectError, expectShape, ids, testSandbox, type Reply, type TestSandbox } from '../../support/helpers.js';
import { groups, unknownGroup } from '../../support/groups-fixture-ids.js';

/** A 200 answer to a block or an unblock must be the success envelope. */
const succeeded = (r: Reply) => {
  if (r.status === 200) expectShape(SuccessEnvelopeSchema, r.body);
  return r;
};
const block = async (t: TestSandbox, cookie: string, groupId: string) =>
  succeeded(await t.call('POST', `/groups/${groupId}/block`, { cookie }));
const unblock = async (t: TestSandbox, cookie: string, groupId: string) =>
  succeeded(await t.call('DELETE', `/groups/${groupId}/members/${ids.alice}`, { cookie }));

const readGroup = async (t: TestSandbox, cookie: string, groupId: string) =>
  expectShape(GroupSchema, (await t.call('GET', `/groups/${groupId}`, { cookie })).body);

const listIds = async (t: TestSandbox, cookie: string, userId: string, list: 'invited' | 'requested') => {
  const r = await t.call('GET', `/users/${userId}/groups/${list}`, { cookie });
  expect(r.status).toBe(200);
  return expectShape(GroupListItemSchema.array(), r.body).map((g) => g.id);
};

describe('POST /groups/{groupId}/block', () => {
  it('blocks a group the user has no relation to, and the group shows the block', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/groups/${groups.quietCorner}/block`, { cookie });
    expect(r.status).toBe(200);
    expect(expectShape(SuccessEnvelopeSchema, r.body)).toEqual({
      success: { message: messages.groupBlocked, status_code: 200 },
    });
    expect((await readGroup(t, cookie, groups.quietCorner)).membershipStatus).toBe('userblocked');
  });

  it('drops a blocked group out of the invited list', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(await listIds(t, cookie, ids.alice, 'invited')).toContain(groups.photoClub);
    expect((await block(t, cookie, groups.photoClub)).status).toBe(200);
    expect(await listIds(t, cookie, ids.alice, 'invited')).not.toContain(groups.photoClub);
  });

  it('drops a blocked group out of the requested list', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(await listIds(t, cookie, ids.alice, 'requested')).toContain(groups.speedrunners);
    expect((await block(t, cookie, groups.speedrunners)).status).toBe(200);
    expect(await listIds(t, cookie, ids.alice, 'requested')).not.toContain(groups.speedrunners);
  });

  it('refuses a member with 403 and keeps the membership', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', `/groups/${groups.nightOwls}/block`, { cookie }), 403, 'You must leave a group before blocking it.');
    expect((await readGroup(t, cookie, groups.nightOwls)).membershipStatus).toBe('member');
  });

  it('lets a member who has left the group block it', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await t.call('DELETE', `/groups/${groups.nightOwls}/members/${ids.alice}`, { cookie })).status).toBe(200);
    expect((await block(t, cookie, groups.nightOwls)).status).toBe(200);
    expect((await readGroup(t, cookie, groups.nightOwls)).membershipStatus).toBe('userblocked');
  });

  it('refuses the owner with 403', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', `/groups/${groups.builders}/block`, { cookie }), 403, 'You must leave a group before blocking it.');
  });

  it('answers 400 to a user banned from the group, who stays banned', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', `/groups/${groups.strictClub}/block`, { cookie }), 400, 'User is already banned.');
    expect((await readGroup(t, cookie, groups.strictClub)).membershipStatus).toBe('banned');
  });

  it('answers 400 to a second block of the same group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await block(t, cookie, groups.quietCorner)).status).toBe(200);
    expectError(await t.call('POST', `/groups/${groups.quietCorner}/block`, { cookie }), 400, 'User is already banned.');
  });

  it('answers 404 for an unknown group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', `/groups/${unknownGroup}/block`, { cookie }), 404, "Can't find group!");
  });

  it('keeps the group blocked across reads until the user unblocks it', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await block(t, cookie, groups.quietCorner)).status).toBe(200);
    t.clock.advance(24 * 3600_000);
    const later = await t.login('alice');
    expect((await readGroup(t, later, groups.quietCorner)).membershipStatus).toBe('userblocked');
    const r = await t.call('DELETE', `/groups/${groups.quietCorner}/members/${ids.alice}`, { cookie: later });
    expect(r.status).toBe(200);
    expectShape(SuccessEnvelopeSchema, r.body);
    expect((await readGroup(t, later, groups.quietCorner)).membershipStatus).toBe('inactive');
  });

  it('unblocks a group blocked in the default world, which can then be blocked again', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await readGroup(t, cookie, groups.noisyNeighbours)).membershipStatus).toBe('userblocked');
    expect((await unblock(t, cookie, groups.noisyNeighbours)).status).toBe(200);
    expect((await readGroup(t, cookie, groups.noisyNeighbours)).membershipStatus).toBe('inactive');
    expect((await block(t, cookie, groups.noisyNeighbours)).status).toBe(200);
  });
});

describe('GET /users/{userId}/groups/requested and /invited', () => {
  it('lists the groups the user has requested to join, as that user sees them', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/users/${ids.alice}/groups/requested`, { cookie });
    const list = expectShape(GroupListItemSchema.array(), r.body);
    expect(list.map((g) => [g.id, g.membershipStatus])).toEqual([[groups.speedrunners, 'requested']]);
  });

  it('lists the groups the user is invited to', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/users/${ids.alice}/groups/invited`, { cookie });
    const list = expectShape(GroupListItemSchema.array(), r.body);
    expect(list.map((g) => [g.id, g.membershipStatus])).toEqual([[groups.photoClub, 'invited']]);
  });

  it('leaves productId out of the roles of listed groups', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/users/${ids.alice}/groups/invited`, { cookie });
    expectShape(GroupListItemSchema.array(), r.body);
    // The raw body: parsing would strip the field anyway.
    expect(r.body[0].roles[0]).not.toHaveProperty('productId');
  });

  it("lets an admin list another user's invites", async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    expect(await listIds(t, cookie, ids.alice, 'invited')).toEqual([groups.photoClub]);
  });

  it("refuses another user's lists to a non-admin with 403", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await t.call('GET', `/users/${ids.alice}/groups/requested`, { cookie }), 403, messages.notAuthorized);
    expectError(await t.call('GET', `/users/${ids.alice}/groups/invited`, { cookie }), 403, messages.notAuthorized);
  });

  it('answers an empty array to a user with no requests', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('GET', `/users/${ids.bob}/groups/requested`, { cookie });
    expect(r.status).toBe(200);
    expect(expectShape(GroupListItemSchema.array(), r.body)).toEqual([]);
  });
});
