import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GroupMemberSchema } from '../../../src/store/records/groups.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';

const joinStateOf = (state: string) => (data: { groups: { id: string; joinState?: string }[] }) => {
  data.groups.find((g) => g.id === groups.quietCorner)!.joinState = state;
};

describe('POST /groups/{groupId}/join by joinState', () => {
  it('open: makes a member, counted and told by a group-joined event', async () => {
    const t = testSandbox();
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    const cookie = await t.login('alice');
    const before = (await t.call('GET', `/groups/${groups.quietCorner}`, { cookie })).body.memberCount;
    const r = await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie });
    expect(expectShape(GroupMemberSchema, r.body)).toMatchObject({ membershipStatus: 'member', userId: ids.alice });
    const group = (await t.call('GET', `/groups/${groups.quietCorner}`, { cookie })).body;
    expect(group).toMatchObject({ membershipStatus: 'member', memberCount: before + 1 });
    expect(events).toContainEqual({ type: 'group-joined', to: [ids.alice], content: { groupId: groups.quietCorner } });
  });

  it('request: a non-member asking to join becomes requested, visible to the owner', async () => {
    const t = testSandbox(joinStateOf('request'));
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie });
    expect(r.body.membershipStatus).toBe('requested');
    expect((await t.call('GET', `/users/${ids.alice}/groups/requested`, { cookie })).body.map((g: { id: string }) => g.id)).toContain(
      groups.quietCorner,
    );
    expectError(await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie }), 400, messages.groupAlreadyRequested);
  });

  it('invite: refuses without a pending invite', async () => {
    const t = testSandbox(joinStateOf('invite'));
    const r = await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie: await t.login('alice') });
    expectError(r, 403, messages.groupJoinNeedsInvite);
  });

  it('invite: admits a user holding an invite', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice'); // invited to photoClub in the fixtures
    const r = await t.call('POST', `/groups/${groups.photoClub}/join`, { cookie });
    expect(r.body.membershipStatus).toBe('member');
    expect((await t.call('GET', `/users/${ids.alice}/groups/invited`, { cookie })).body).toEqual([]);
  });

  it('closed: refuses', async () => {
    const t = testSandbox(joinStateOf('closed'));
    const r = await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie: await t.login('alice') });
    expectError(r, 403, messages.groupJoinClosed);
  });

  it('refuses a banned user', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.strictClub}/join`, { cookie: await t.login('alice') });
    expectError(r, 403, messages.groupJoinBanned);
  });

  it('refuses a user who blocked the group unless they confirm lifting the block', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', `/groups/${groups.noisyNeighbours}/join`, { cookie }), 400, messages.groupJoinBlocked);
    const r = await t.call('POST', `/groups/${groups.noisyNeighbours}/join?confirmOverrideBlock=true`, { cookie });
    expect(r.body.membershipStatus).toBe('member');
  });

  it('refuses a member', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.nightOwls}/join`, { cookie: await t.login('alice') });
    expectError(r, 400, messages.groupAlreadyMember);
  });
});

describe('POST /groups/{groupId}/leave', () => {
  it('drops the membership and its roles; a rejoin starts without them', async () => {
    const t = testSandbox();
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    const cookie = await t.login('bob');
    const r = await t.call('POST', `/groups/${groups.builders}/leave`, { cookie });
    expect(r.status).toBe(200);
    const group = (await t.call('GET', `/groups/${groups.builders}`, { cookie })).body;
    expect(group).toMatchObject({ membershipStatus: 'inactive', myMember: null });
    expect(events).toContainEqual({ type: 'group-left', to: [ids.bob], content: { groupId: groups.builders } });
  });

  it('refuses the owner', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.builders}/leave`, { cookie: await t.login('alice') });
    expectError(r, 403, messages.groupOwnerCannotLeave);
  });
});

describe('DELETE /groups/{groupId}/requests', () => {
  it("cancels the requester's own request", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await t.call('DELETE', `/groups/${groups.speedrunners}/requests`, { cookie })).status).toBe(200);
    expect((await t.call('GET', `/groups/${groups.speedrunners}`, { cookie })).body.membershipStatus).toBe('inactive');
    expectError(await t.call('DELETE', `/groups/${groups.speedrunners}/requests`, { cookie }), 400, messages.groupNoRequestToCancel);
  });
});

describe('group invites', () => {
  it('a holder of group-invites-manage invites; the invitee sees it and gets a notification', async () => {
    const t = testSandbox();
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    const owner = await t.login('bob');
    const r = await t.call('POST', `/groups/${groups.nightOwls}/invites`, { cookie: owner, body: { userId: ids.carol } });
    expect(r.status).toBe(200);
    const invites = (await t.call('GET', `/groups/${groups.nightOwls}/invites`, { cookie: owner })).body;
    expect(invites.map((m: { userId: string }) => m.userId)).toEqual([ids.carol]);
    expect(events.find((e) => e.type === 'notification')).toMatchObject({ to: [ids.carol] });
    expect([...t.sandbox.notificationsByReceiver.get(ids.carol)!].pop()!.details).toContain(groups.nightOwls);
  });

  it('refuses inviting a member or an invited user with their display name', async () => {
    const t = testSandbox();
    const owner = await t.login('admin');
    const member = await t.call('POST', `/groups/${groups.photoClub}/invites`, { cookie: owner, body: { userId: ids.bob } });
    expectError(member, 400, 'User Bob is already a member of this group.');
    const invited = await t.call('POST', `/groups/${groups.photoClub}/invites`, { cookie: owner, body: { userId: ids.alice } });
    expectError(invited, 400, 'User Alice is already invited.');
  });

  it('refuses inviting a banned user', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/groups/${groups.strictClub}/invites`, { cookie: await t.login('bob'), body: { userId: ids.alice } });
    expectError(r, 403, messages.groupInviteForbidden);
  });

  it('the invitee declines, with block turning the invite into a block', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.photoClub}/invites`, { cookie, body: { block: true } });
    expect(r.body.success.message).toBe('Invite declined.');
    expect((await t.call('GET', `/groups/${groups.photoClub}`, { cookie })).body.membershipStatus).toBe('userblocked');
    expectError(await t.call('PUT', `/groups/${groups.photoClub}/invites`, { cookie, body: {} }), 400, messages.groupNotInvitedDecline);
  });

  it('the manager withdraws an invite', async () => {
    const t = testSandbox();
    const owner = await t.login('admin');
    expect((await t.call('DELETE', `/groups/${groups.photoClub}/invites/${ids.alice}`, { cookie: owner })).status).toBe(200);
    expect((await t.call('GET', `/groups/${groups.photoClub}/invites`, { cookie: owner })).body).toEqual([]);
    const again = await t.call('DELETE', `/groups/${groups.photoClub}/invites/${ids.alice}`, { cookie: owner });
    expectError(again, 400, messages.groupNotInvitedDelete);
  });

  it('refuses a member without group-invites-manage', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/groups/${groups.photoClub}/invites`, { cookie: await t.login('bob') });
    expectError(r, 403, messages.groupNoPermission);
  });
});

describe('join requests', () => {
  it('the owner accepts a request: the requester becomes a member, counted', async () => {
    const t = testSandbox();
    const carolGroup = groups.speedrunners;
    t.sandbox.groups.get(carolGroup)!.ownerId = ids.admin; // an owner who logs in without 2FA
    const owner = await t.login('admin');
    expect(
      (await t.call('GET', `/groups/${carolGroup}/requests`, { cookie: owner })).body.map((m: { userId: string }) => m.userId),
    ).toEqual([ids.alice]);
    const before = t.sandbox.groups.get(carolGroup)!.memberCount;
    const r = await t.call('PUT', `/groups/${carolGroup}/requests/${ids.alice}`, { cookie: owner, body: { action: 'accept' } });
    expect(r.status).toBe(200);
    const alice = await t.login('alice');
    const group = (await t.call('GET', `/groups/${carolGroup}`, { cookie: alice })).body;
    expect(group).toMatchObject({ membershipStatus: 'member', memberCount: before + 1 });
    expect(group.myMember.acceptedById).toBe(ids.admin);
  });

  it("a rejection with block hides the requester's later requests in the blocked list", async () => {
    const t = testSandbox();
    t.sandbox.groups.get(groups.speedrunners)!.ownerId = ids.admin;
    const owner = await t.login('admin');
    const path = `/groups/${groups.speedrunners}/requests`;
    await t.call('PUT', `${path}/${ids.alice}`, { cookie: owner, body: { action: 'reject', block: true } });
    const alice = await t.login('alice');
    expect((await t.call('POST', `/groups/${groups.speedrunners}/join`, { cookie: alice })).body.membershipStatus).toBe('requested');
    expect((await t.call('GET', path, { cookie: owner })).body).toEqual([]);
    expect((await t.call('GET', `${path}?blocked=true`, { cookie: owner })).body.map((m: { userId: string }) => m.userId)).toEqual([
      ids.alice,
    ]);
  });

  it('refuses answering a request nobody made', async () => {
    const t = testSandbox();
    const r = await t.call('PUT', `/groups/${groups.nightOwls}/requests/${ids.carol}`, {
      cookie: await t.login('bob'),
      body: { action: 'accept' },
    });
    expectError(r, 400, messages.groupNoJoinRequest);
  });
});

describe('onlineMemberCount', () => {
  it('follows an online user joining and leaving', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    t.sandbox.users.get(ids.alice)!.state = 'online';
    const before = t.sandbox.groups.get(groups.quietCorner)!.onlineMemberCount;
    await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie });
    expect((await t.call('GET', `/groups/${groups.quietCorner}`, { cookie })).body.onlineMemberCount).toBe(before + 1);
    await t.call('POST', `/groups/${groups.quietCorner}/leave`, { cookie });
    expect((await t.call('GET', `/groups/${groups.quietCorner}`, { cookie })).body.onlineMemberCount).toBe(before);
  });
});
