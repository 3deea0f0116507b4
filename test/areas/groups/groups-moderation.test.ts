import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GroupMemberListSchema, GroupRoleListSchema } from '../../../src/store/records/group-extras.js';
import { GroupMemberSchema, GroupRoleSchema } from '../../../src/store/records/groups.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';

const moderatorRole = 'grol_00000002-0000-4000-8000-000000000002';
const editorRole = 'grol_00000001-0000-4000-8000-000000000002';
const buildersOwnerRole = 'grol_00000001-0000-4000-8000-000000000001';
const buildersMemberRole = 'grol_00000001-0000-4000-8000-000000000003';

describe('GET /groups/{groupId}/members', () => {
  it('lists members with their short user, filtered by role', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const all = expectShape(GroupMemberListSchema, (await t.call('GET', `/groups/${groups.nightOwls}/members`, { cookie })).body);
    expect(all.map((m) => m.userId).sort()).toEqual([ids.alice, ids.bob, ids.admin].sort());
    const mods = (await t.call('GET', `/groups/${groups.nightOwls}/members?roleId=${moderatorRole}`, { cookie })).body;
    expect(mods.map((m: { userId: string }) => m.userId)).toEqual([ids.admin]);
  });

  it('pages with n and offset', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/groups/${groups.nightOwls}/members?n=1&offset=1`, { cookie: await t.login('alice') });
    expect(r.body).toHaveLength(1);
  });

  it('hides hidden members from those without group-members-viewall', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    await t.call('PUT', `/groups/${groups.nightOwls}/members/${ids.admin}`, { cookie: admin, body: { visibility: 'hidden' } });
    const seen = (await t.call('GET', `/groups/${groups.nightOwls}/members`, { cookie: await t.login('alice') })).body;
    expect(seen.map((m: { userId: string }) => m.userId)).not.toContain(ids.admin);
    const owner = (await t.call('GET', `/groups/${groups.nightOwls}/members`, { cookie: await t.login('bob') })).body;
    expect(owner.map((m: { userId: string }) => m.userId)).toContain(ids.admin);
  });

  it('refuses a non-member', async () => {
    const t = testSandbox();
    expectError(
      await t.call('GET', `/groups/${groups.quietCorner}/members`, { cookie: await t.login('alice') }),
      403,
      messages.groupNotMember,
    );
  });

  it('searches by display name and reads one member', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const found = (await t.call('GET', `/groups/${groups.nightOwls}/members/search?query=bo`, { cookie })).body;
    expect(found).toMatchObject({ total: 1, results: [{ userId: ids.bob }] });
    const one = await t.call('GET', `/groups/${groups.nightOwls}/members/${ids.admin}`, { cookie });
    expect(expectShape(GroupMemberSchema, one.body).roleIds).toEqual([moderatorRole]);
    expectError(await t.call('GET', `/groups/${groups.nightOwls}/members/${ids.carol}`, { cookie }), 404, messages.groupMemberNotFound);
  });
});

describe('bans', () => {
  it('a ban removes the member, who is told, and lists them among the bans until unbanned', async () => {
    const t = testSandbox();
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    const owner = await t.login('bob');
    const before = t.sandbox.groups.get(groups.nightOwls)!.memberCount;
    const r = await t.call('POST', `/groups/${groups.nightOwls}/bans`, { cookie: owner, body: { userId: ids.alice } });
    expect(expectShape(GroupMemberSchema, r.body)).toMatchObject({ membershipStatus: 'banned', roleIds: [] });
    expect(events).toContainEqual({ type: 'group-left', to: [ids.alice], content: { groupId: groups.nightOwls } });
    const bans = (await t.call('GET', `/groups/${groups.nightOwls}/bans`, { cookie: owner })).body;
    expect(bans.map((m: { userId: string }) => m.userId)).toEqual([ids.alice]);
    const alice = await t.login('alice');
    expect((await t.call('GET', `/groups/${groups.nightOwls}`, { cookie: alice })).body).toMatchObject({
      membershipStatus: 'banned',
      memberCount: before - 1,
    });
    expectError(
      await t.call('POST', `/groups/${groups.nightOwls}/bans`, { cookie: owner, body: { userId: ids.alice } }),
      400,
      messages.groupAlreadyBanned,
    );
    const unban = await t.call('DELETE', `/groups/${groups.nightOwls}/bans/${ids.alice}`, { cookie: owner });
    expect(unban.body.membershipStatus).toBe('inactive');
    expect((await t.call('GET', `/groups/${groups.nightOwls}`, { cookie: alice })).body.membershipStatus).toBe('inactive');
    expectError(
      await t.call('DELETE', `/groups/${groups.nightOwls}/bans/${ids.alice}`, { cookie: owner }),
      404,
      messages.groupUserNotBanned,
    );
  });

  it('records the ban and the unban in the audit log, each naming the user', async () => {
    const t = testSandbox();
    const owner = await t.login('bob');
    await t.call('POST', `/groups/${groups.nightOwls}/bans`, { cookie: owner, body: { userId: ids.alice } });
    t.clock.advance(60_000);
    await t.call('DELETE', `/groups/${groups.nightOwls}/bans/${ids.alice}`, { cookie: owner });
    const log = (await t.call('GET', `/groups/${groups.nightOwls}/auditLogs?eventTypes=group.user.ban,group.user.unban`, { cookie: owner }))
      .body;
    expect(log.results.map((e: { eventType: string; targetId: string; actorId: string }) => [e.eventType, e.targetId, e.actorId])).toEqual([
      ['group.user.unban', ids.alice, ids.bob],
      ['group.user.ban', ids.alice, ids.bob],
    ]);
  });

  it('never bans the owner', async () => {
    const t = testSandbox();
    t.sandbox.groups.get(groups.nightOwls)!.roles[1]!.permissions.push('group-bans-manage');
    const r = await t.call('POST', `/groups/${groups.nightOwls}/bans`, { cookie: await t.login('admin'), body: { userId: ids.bob } });
    expectError(r, 403, messages.groupActOnOwner);
  });

  it("refuses acting on a member at or above the actor's role", async () => {
    const t = testSandbox((data) => {
      const owls = data.groups.find((g) => g.id === groups.nightOwls)!;
      owls.roles[1]!.permissions!.push('group-bans-manage');
      data.groupMembers.find((m) => m.groupId === groups.nightOwls && m.userId === ids.alice)!.roleIds = [moderatorRole];
    });
    const r = await t.call('POST', `/groups/${groups.nightOwls}/bans`, { cookie: await t.login('admin'), body: { userId: ids.alice } });
    expectError(r, 403, messages.groupActOnHigherRole);
  });

  it('refuses a member without group-bans-manage', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/groups/${groups.nightOwls}/bans`, { cookie: await t.login('admin') });
    expectError(r, 403, messages.groupNoPermission);
  });
});

describe('kick', () => {
  it('refuses kicking a member of the same standing', async () => {
    const t = testSandbox((data) => {
      data.groupMembers.find((m) => m.groupId === groups.nightOwls && m.userId === ids.alice)!.roleIds = [moderatorRole];
    });
    const r = await t.call('DELETE', `/groups/${groups.nightOwls}/members/${ids.alice}`, { cookie: await t.login('admin') });
    expectError(r, 403, messages.groupActOnHigherRole);
  });

  it('writes an audit entry the owner reads', async () => {
    const t = testSandbox();
    await t.call('DELETE', `/groups/${groups.nightOwls}/members/${ids.alice}`, { cookie: await t.login('admin') });
    const log = (await t.call('GET', `/groups/${groups.nightOwls}/auditLogs`, { cookie: await t.login('bob') })).body;
    expect(log.results[0]).toMatchObject({ eventType: 'group.member.remove', actorId: ids.admin, targetId: ids.alice });
  });
});

describe('roles', () => {
  it('creates a role below the others, seen in the list and the group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/groups/${groups.builders}/roles`, {
      cookie,
      body: { name: 'Greeters', permissions: ['group-invites-manage'] },
    });
    const role = expectShape(GroupRoleSchema, r.body);
    const list = expectShape(GroupRoleListSchema, (await t.call('GET', `/groups/${groups.builders}/roles`, { cookie })).body);
    expect(list.map((x) => x.name)).toEqual(['Owner', 'Editors', 'Greeters', 'Member']);
    expect(list.find((x) => x.id === role.id)!.permissions).toEqual(['group-invites-manage']);
  });

  it('refuses an unknown permission name', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.builders}/roles`, {
      cookie: await t.login('alice'),
      body: { name: 'X', permissions: ['group-everything'] },
    });
    expectError(r, 400);
  });

  it('updates a role and tells the members with group-role-updated', async () => {
    const t = testSandbox();
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    const r = await t.call('PUT', `/groups/${groups.builders}/roles/${editorRole}`, {
      cookie: await t.login('alice'),
      body: { name: 'Writers' },
    });
    expect(r.body.find((x: { id: string }) => x.id === editorRole).name).toBe('Writers');
    const event = events.find((e) => e.type === 'group-role-updated')!;
    expect(event.to).toEqual(expect.arrayContaining([ids.alice, ids.bob, ids.admin]));
    expect(event.content).toMatchObject({ role: { id: editorRole, name: 'Writers' } });
  });

  it("protects the owner's management role", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(
      await t.call('PUT', `/groups/${groups.builders}/roles/${buildersOwnerRole}`, { cookie, body: { name: 'Boss' } }),
      403,
      messages.groupRoleProtected,
    );
    expectError(
      await t.call('DELETE', `/groups/${groups.builders}/roles/${buildersOwnerRole}`, { cookie }),
      403,
      messages.groupRoleProtected,
    );
  });

  it('refuses a manager changing a role at their own standing', async () => {
    const t = testSandbox();
    t.sandbox.groups.get(groups.builders)!.roles[1]!.permissions.push('group-roles-manage');
    const r = await t.call('PUT', `/groups/${groups.builders}/roles/${editorRole}`, {
      cookie: await t.login('bob'),
      body: { name: 'Mine' },
    });
    expectError(r, 403, messages.groupRoleAboveOwn);
  });

  it('deletes a role and takes it from its holders', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/groups/${groups.builders}/roles/${editorRole}`, { cookie });
    expect(r.body.map((x: { id: string }) => x.id)).not.toContain(editorRole);
    const bob = (await t.call('GET', `/groups/${groups.builders}/members/${ids.bob}`, { cookie })).body;
    expect(bob.roleIds).toEqual([]);
  });

  it('assigns and removes a member role, seen by the member, with group-member-updated', async () => {
    const t = testSandbox();
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    const owner = await t.login('alice');
    const path = `/groups/${groups.builders}/members/${ids.admin}/roles/${editorRole}`;
    expect((await t.call('PUT', path, { cookie: owner })).body).toEqual([editorRole]);
    const admin = await t.login('admin');
    expect((await t.call('GET', `/groups/${groups.builders}`, { cookie: admin })).body.myMember.permissions).toContain('group-data-manage');
    expect(events.find((e) => e.type === 'group-member-updated')).toMatchObject({
      to: [ids.admin],
      content: { member: { roleIds: [editorRole] } },
    });
    expect((await t.call('DELETE', path, { cookie: owner })).body).toEqual([]);
    expect((await t.call('GET', `/groups/${groups.builders}`, { cookie: admin })).body.myMember.permissions).not.toContain(
      'group-data-manage',
    );
  });

  it("refuses assigning the default role or the owner's role", async () => {
    const t = testSandbox();
    const owner = await t.login('alice');
    expectError(
      await t.call('PUT', `/groups/${groups.builders}/members/${ids.admin}/roles/${buildersMemberRole}`, { cookie: owner }),
      400,
      messages.groupRoleDefault,
    );
    expectError(
      await t.call('PUT', `/groups/${groups.builders}/members/${ids.admin}/roles/${buildersOwnerRole}`, { cookie: owner }),
      403,
      messages.groupRoleProtected,
    );
  });
});
