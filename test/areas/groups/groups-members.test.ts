import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GroupMemberSchema, GroupSchema } from '../../../src/store/records/groups.js';
import { SuccessEnvelopeSchema } from '../../../src/schema/common.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { groups, unknownGroup } from '../../support/groups-fixture-ids.js';

describe('PUT /groups/{groupId}/members/{userId}', () => {
  it('lets a member change their own visibility and subscriptions, seen on the next read', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { visibility: 'hidden', isSubscribedToAnnouncements: false, isSubscribedToEventAnnouncements: false };
    const r = await t.call('PUT', `/groups/${groups.nightOwls}/members/${ids.alice}`, { cookie, body });
    expect(r.status).toBe(200);
    const member = expectShape(GroupMemberSchema, r.body);
    expect(member).toMatchObject({ ...body, userId: ids.alice, groupId: groups.nightOwls });
    expect(member.user).toMatchObject({ id: ids.alice, displayName: 'Alice' });
    const group = expectShape(GroupSchema, (await t.call('GET', `/groups/${groups.nightOwls}`, { cookie })).body);
    expect(group.myMember).toMatchObject(body);
  });

  it('lets a manager with group-members-manage write notes on another member', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const path = `/groups/${groups.nightOwls}/members/${ids.alice}`;
    const r = await t.call('PUT', path, { cookie, body: { managerNotes: 'Hosts the Friday meetup.' } });
    expect(expectShape(GroupMemberSchema, r.body).managerNotes).toBe('Hosts the Friday meetup.');
    const owner = await t.login('bob');
    const reread = await t.call('PUT', path, { cookie: owner, body: {} });
    expect(expectShape(GroupMemberSchema, reread.body).managerNotes).toBe('Hosts the Friday meetup.');
  });

  it('refuses manager notes from a member without group-members-manage', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.nightOwls}/members/${ids.alice}`, {
      cookie,
      body: { managerNotes: 'I am great.' },
    });
    expectError(r, 403, messages.groupNoPermission);
  });

  it("refuses changing another member's visibility, even for a manager", async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('PUT', `/groups/${groups.nightOwls}/members/${ids.alice}`, {
      cookie,
      body: { visibility: 'hidden' },
    });
    expectError(r, 403, messages.groupNoPermission);
  });

  it("answers 403 You're not a member. to a requester outside the group", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.quietCorner}/members/${ids.bob}`, {
      cookie,
      body: { visibility: 'hidden' },
    });
    expectError(r, 403, "You're not a member.");
  });

  it("answers 403 You're not a member. to an invited user", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.photoClub}/members/${ids.alice}`, {
      cookie,
      body: { visibility: 'hidden' },
    });
    expectError(r, 403, "You're not a member.");
  });

  it('answers 404 with the description message for an unknown group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${unknownGroup}/members/${ids.alice}`, { cookie, body: {} });
    expectError(r, 404, 'Calendar Entry not found!');
  });

  it('answers 404 with the description message for a user without a record in the group', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/groups/${groups.nightOwls}/members/${ids.carol}`, {
      cookie,
      body: { managerNotes: 'Who?' },
    });
    expectError(r, 404, 'Calendar Entry not found!');
  });

  it('lists every invalid field in one 400', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/groups/${groups.nightOwls}/members/${ids.alice}`, {
      cookie,
      body: { visibility: 'everyone', isSubscribedToAnnouncements: 'yes' },
    });
    expectError(r, 400, 'visibility must be one of friends, hidden, visible, isSubscribedToAnnouncements must be a boolean');
  });
});

describe('DELETE /groups/{groupId}/members/{userId}', () => {
  it('lets a member leave, and the group then counts one member less', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const before = expectShape(GroupSchema, (await t.call('GET', `/groups/${groups.nightOwls}`, { cookie })).body).memberCount;
    const r = await t.call('DELETE', `/groups/${groups.nightOwls}/members/${ids.alice}`, { cookie });
    expect(r.status).toBe(200);
    expect(expectShape(SuccessEnvelopeSchema, r.body).success.status_code).toBe(200);
    const group = expectShape(GroupSchema, (await t.call('GET', `/groups/${groups.nightOwls}`, { cookie })).body);
    expect(group.membershipStatus).toBe('inactive');
    expect(group.memberCount).toBe(before - 1);
  });

  it('lets a manager with group-members-manage kick a member', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('DELETE', `/groups/${groups.nightOwls}/members/${ids.alice}`, { cookie });
    expect(r.status).toBe(200);
    expectShape(SuccessEnvelopeSchema, r.body);
    const alice = await t.login('alice');
    const group = expectShape(GroupSchema, (await t.call('GET', `/groups/${groups.nightOwls}`, { cookie: alice })).body);
    expect(group.membershipStatus).toBe('inactive');
  });

  it('refuses a kick from a member without the permission', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('DELETE', `/groups/${groups.builders}/members/${ids.admin}`, { cookie });
    expectError(r, 403, messages.groupNoPermission);
  });

  it('answers 404 to a kick of a user who is not a member', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('DELETE', `/groups/${groups.nightOwls}/members/${ids.carol}`, { cookie });
    expectError(r, 404, messages.groupMemberNotFound);
  });

  it("answers 403 You're not a member. to a kick from outside the group", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/groups/${groups.quietCorner}/members/${ids.bob}`, { cookie });
    expectError(r, 403, "You're not a member.");
  });

  it('refuses to let the owner leave their own group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/groups/${groups.builders}/members/${ids.alice}`, { cookie });
    expectError(r, 400, messages.groupOwnerCannotLeave);
  });

  it('answers 404 for an unknown group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('DELETE', `/groups/${unknownGroup}/members/${ids.alice}`, { cookie }), 404, "Can't find group!");
  });
});
