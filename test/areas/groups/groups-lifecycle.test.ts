import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GroupSchema } from '../../../src/store/records/groups.js';
import { GroupTransferableSchema, LimitedGroupSchema } from '../../../src/store/records/group-extras.js';
import { GROUP_LIMITS } from '../../../src/areas/groups/lifecycle.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';

const newGroup = { name: 'Map Makers', shortCode: 'MAPS', roleTemplate: 'managedRequest' };

describe('GET /groups/roleTemplates', () => {
  it('lists the four templates rather than being read as a group id', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/groups/roleTemplates', { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['default', 'managedFree', 'managedInvite', 'managedRequest']);
    expect(r.body.default.roles).toEqual([expect.objectContaining({ name: 'Moderator', isAddedOnJoin: false })]);
    expect(r.body.default.roles[0].permissions).toContain('group-bans-manage');
  });
});

describe('the managed role templates', () => {
  it.each([
    ['managedFree', 'open'],
    ['managedInvite', 'invite'],
    ['managedRequest', 'request'],
  ] as const)('%s: members only join instances, a Manager role runs the group, and a new group is %s', async (roleTemplate, joinState) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const template = (await t.call('GET', '/groups/roleTemplates', { cookie })).body[roleTemplate];
    expect(template.basePermissions).toEqual(['group-instance-join']);
    expect(template.roles).toEqual([expect.objectContaining({ name: 'Manager', description: 'Runs the group.', isAddedOnJoin: false })]);
    expect(template.roles[0].permissions).toEqual(expect.arrayContaining(['group-members-manage', 'group-roles-assign']));
    const made = await t.call('POST', '/groups', { cookie, body: { name: 'Kite Club', shortCode: 'KITE', roleTemplate } });
    expect(made.status).toBe(200);
    expect((await t.call('GET', `/groups/${made.body.id}`, { cookie })).body.joinState).toBe(joinState);
  });
});

describe('GET /groups', () => {
  it("finds groups by name, with the searcher's membership status", async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/groups?query=night', { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(r.body.map((g: { id: string }) => g.id)).toEqual([groups.nightOwls]);
    expect(expectShape(LimitedGroupSchema, r.body[0]).membershipStatus).toBe('member');
  });
});

describe('POST /groups', () => {
  it("makes the creator owner with the template's roles and the template's join state", async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('POST', '/groups', { cookie, body: newGroup });
    expect(r.status).toBe(200);
    const group = expectShape(GroupSchema, r.body);
    expect(group).toMatchObject({ ownerId: ids.admin, joinState: 'request', memberCount: 1, discriminator: '0000' });
    expect(group.roles.map((role) => role.name)).toEqual(['Owner', 'Manager', 'Member']);
    expect(group.myMember?.permissions).toEqual(['*']);
    const reread = await t.call('GET', `/groups/${group.id}`, { cookie });
    expect(reread.body.membershipStatus).toBe('member');
  });

  it('gives a second group with the same short code the next discriminator', async () => {
    const t = testSandbox();
    await t.call('POST', '/groups', { cookie: await t.login('admin'), body: newGroup });
    const second = await t.call('POST', '/groups', { cookie: await t.login('alice'), body: newGroup });
    expect(second.body.discriminator).toBe('0001');
  });

  it('lets a user own 5 groups, as the live service does', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob'); // owns two in the fixtures
    for (const name of ['Third', 'Fourth', 'Fifth']) {
      expect((await t.call('POST', '/groups', { cookie, body: { ...newGroup, name } })).status).toBe(200);
    }
    expect([...t.sandbox.groups.values()].filter((g) => g.ownerId === ids.bob)).toHaveLength(5);
  });

  it('refuses a user who already owns 5 groups', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob'); // owns two in the fixtures
    for (let i = 0; i < 3; i++) await t.call('POST', '/groups', { cookie, body: newGroup });
    expectError(await t.call('POST', '/groups', { cookie, body: newGroup }), 403, "You're not allowed to own more than 5 groups.");
    expect([...t.sandbox.groups.values()].filter((g) => g.ownerId === ids.bob)).toHaveLength(5);
  });

  it('validates the body against the template enum', async () => {
    const t = testSandbox();
    const r = await t.call('POST', '/groups', { cookie: await t.login('alice'), body: { ...newGroup, roleTemplate: 'x' } });
    expectError(r, 400);
  });
});

describe('DELETE /groups/{groupId}', () => {
  it('lets the owner delete the group, which is gone on the next read', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/groups/${groups.builders}`, { cookie });
    expect(r.body).toEqual({ success: { message: 'Group deleted!', status_code: 200 } });
    expectError(await t.call('GET', `/groups/${groups.builders}`, { cookie }), 404, messages.groupNotFound);
  });

  it('refuses anyone but the owner, even a manager', async () => {
    const t = testSandbox();
    const r = await t.call('DELETE', `/groups/${groups.builders}`, { cookie: await t.login('bob') });
    expectError(r, 403, messages.groupNoPermission);
  });
});

describe('GET /groups/{groupId}/permissions', () => {
  it("lists what a member's roles grant", async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/groups/${groups.builders}/permissions`, { cookie: await t.login('bob') });
    const allowed = r.body.filter((p: { allowedToAdd: boolean }) => p.allowedToAdd).map((p: { name: string }) => p.name);
    expect(allowed.sort()).toEqual([
      'group-calendar-manage',
      'group-data-manage',
      'group-instance-join',
      'group-instance-manage',
      'group-instance-open-create',
    ]);
    expect(r.body.find((p: { name: string }) => p.name === 'group-bans-manage')).toMatchObject({
      allowedToAdd: false,
      displayName: 'Manage Group Bans',
    });
  });

  it('refuses a non-member', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/groups/${groups.quietCorner}/permissions`, { cookie: await t.login('alice') });
    expectError(r, 403, messages.groupNotMember);
  });
});

describe('group transfer', () => {
  it('is offered to a member and completed when they accept', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    const check = await t.call('GET', `/groups/${groups.builders}/transfer?transferTargetId=${ids.bob}`, { cookie: owner });
    expect(expectShape(GroupTransferableSchema, check.body).requirements.targetIsGroupMember).toBe(true);
    const offer = await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: owner, body: { transferTargetId: ids.bob } });
    expect(offer.body.success.message).toBe('Group transfer initiated.');
    const bob = await t.login('bob');
    const accept = await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: bob, body: {} });
    expect(accept.body.success.message).toBe('Group transfer completed.');
    const group = (await t.call('GET', `/groups/${groups.builders}`, { cookie: owner })).body;
    expect(group).toMatchObject({ ownerId: ids.bob, transferTargetId: null });
    expect(group.myMember.permissions).not.toContain('*');
  });

  it('refuses a target outside the group', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.builders}/transfer`, {
      cookie: await t.login('alice'),
      body: { transferTargetId: ids.carol },
    });
    expectError(r, 403, messages.groupCannotTransfer);
  });

  it('cancels a pending offer, and says when there is none', async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    expectError(await t.call('DELETE', `/groups/${groups.builders}/transfer`, { cookie: owner }), 400, messages.groupNoTransfer);
    await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: owner, body: { transferTargetId: ids.bob } });
    const r = await t.call('DELETE', `/groups/${groups.builders}/transfer`, { cookie: owner });
    expect(r.body.success.message).toBe('Group transfer cancelled.');
    expect((await t.call('GET', `/groups/${groups.builders}`, { cookie: owner })).body.transferTargetId).toBeNull();
  });
});

describe('PUT /groups/{groupId}/representation', () => {
  it('represents one group at a time', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('PUT', `/groups/${groups.builders}/representation`, { cookie, body: { isRepresenting: true } });
    await t.call('PUT', `/groups/${groups.nightOwls}/representation`, { cookie, body: { isRepresenting: true } });
    expect((await t.call('GET', `/groups/${groups.builders}`, { cookie })).body.myMember.isRepresenting).toBe(false);
    expect((await t.call('GET', `/groups/${groups.nightOwls}`, { cookie })).body.myMember.isRepresenting).toBe(true);
  });
});

describe('the ownership limit under parallel requests', () => {
  it('lets exactly one of ten parallel creations through for a user one group below it', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob'); // owns two
    for (let i = 0; i < 2; i++) await t.call('POST', '/groups', { cookie, body: newGroup });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.call('POST', '/groups', { cookie, body: { ...newGroup, name: `Parallel ${i}` } })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 403)).toHaveLength(9);
    expect([...t.sandbox.groups.values()].filter((g) => g.ownerId === ids.bob)).toHaveLength(GROUP_LIMITS.owned);
  });
});

describe('the limit of 5 owned groups on a transfer', () => {
  it('refuses offering a group to a member who owns 5, and the group stays with its owner', async () => {
    const t = testSandbox();
    const bob = await t.login('bob'); // owns two
    for (let owned = 2; owned < GROUP_LIMITS.owned; owned++)
      expect((await t.call('POST', '/groups', { cookie: bob, body: newGroup })).status).toBe(200);
    const owner = await t.login('alice');
    const check = await t.call('GET', `/groups/${groups.builders}/transfer?transferTargetId=${ids.bob}`, { cookie: owner });
    expect(check.body.requirements.targetCanOwnMoreGroups).toBe(false);
    const r = await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: owner, body: { transferTargetId: ids.bob } });
    expectError(r, 403, messages.groupCannotTransfer);
    expect((await t.call('GET', `/groups/${groups.builders}`, { cookie: owner })).body).toMatchObject({
      ownerId: ids.alice,
      transferTargetId: null,
    });
  });

  it('hands a group to a member who owns 4, who then owns 5', async () => {
    const t = testSandbox();
    const bob = await t.login('bob'); // owns two
    for (let owned = 2; owned < GROUP_LIMITS.owned - 1; owned++)
      expect((await t.call('POST', '/groups', { cookie: bob, body: newGroup })).status).toBe(200);
    const owner = await t.login('alice');
    const check = await t.call('GET', `/groups/${groups.builders}/transfer?transferTargetId=${ids.bob}`, { cookie: owner });
    expect(check.body.requirements.targetCanOwnMoreGroups).toBe(true);
    await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: owner, body: { transferTargetId: ids.bob } });
    expect((await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: bob, body: {} })).status).toBe(200);
    expect((await t.call('GET', `/groups/${groups.builders}`, { cookie: owner })).body.ownerId).toBe(ids.bob);
    expectError(await t.call('POST', '/groups', { cookie: bob, body: newGroup }), 403, messages.groupOwnLimit(GROUP_LIMITS.owned));
  });

  it('refuses accepting an offer made at 4 once the member owns 5, and the group stays with its owner', async () => {
    const t = testSandbox();
    const bob = await t.login('bob'); // owns two
    for (let owned = 2; owned < GROUP_LIMITS.owned - 1; owned++)
      expect((await t.call('POST', '/groups', { cookie: bob, body: newGroup })).status).toBe(200);
    const owner = await t.login('alice');
    await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: owner, body: { transferTargetId: ids.bob } });
    expect((await t.call('POST', '/groups', { cookie: bob, body: newGroup })).status).toBe(200);
    const accept = await t.call('POST', `/groups/${groups.builders}/transfer`, { cookie: bob, body: {} });
    expectError(accept, 403, messages.groupOwnLimit(GROUP_LIMITS.owned));
    expect((await t.call('GET', `/groups/${groups.builders}`, { cookie: owner })).body).toMatchObject({
      ownerId: ids.alice,
      transferTargetId: ids.bob,
    });
  });
});
