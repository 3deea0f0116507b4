import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const guild = 'grp_00000001-0000-4000-8000-000000000000';
const nightOwls = 'grp_00000002-0000-4000-8000-000000000000';
const blockedGroup = 'grp_00000007-0000-4000-8000-000000000000';

describe("a user's groups", () => {
  it('lists the groups a user is a member of, marking the ones the viewer shares', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/users/${ids.alice}/groups`, { cookie: await t.login('bob') });
    expect(r.body.map((g: { groupId: string }) => g.groupId)).toEqual([guild, nightOwls]);
    expect(r.body[0]).toMatchObject({
      name: 'Builders Guild',
      mutualGroup: true,
      isRepresenting: false,
      id: expect.stringMatching(/^gmem_/),
    });
  });

  it('hides memberships the member keeps to friends from non-friends', async () => {
    const t = testSandbox();
    t.sandbox.groupMembersByGroup.get(guild)!.get(ids.alice)!.visibility = 'friends';
    const seen = async (who: string) => (await t.call('GET', `/users/${ids.alice}/groups`, { cookie: await t.login(who) })).body.length;
    expect(await seen('bob')).toBe(2);
    expect(await seen('eve')).toBe(1);
  });

  it('answers the represented group, or an empty object', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expect((await t.call('GET', `/users/${ids.alice}/groups/represented`, { cookie })).body).toEqual({});
    t.sandbox.groupMembersByGroup.get(guild)!.get(ids.alice)!.isRepresenting = true;
    expect((await t.call('GET', `/users/${ids.alice}/groups/represented`, { cookie })).body).toMatchObject({
      groupId: guild,
      isRepresenting: true,
    });
  });

  it('lists blocked groups to the user themselves', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/users/${ids.alice}/groups/userblocked`, { cookie: await t.login('alice') });
    expect(r.body.map((g: { id: string }) => g.id)).toEqual([blockedGroup]);
  });

  it('leaves joinedAt out of myMember of a blocked group, which was never joined', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/users/${ids.alice}/groups/userblocked`, { cookie: await t.login('alice') });
    expect(r.body[0].myMember.membershipStatus).toBe('userblocked');
    expect(r.body[0].myMember).not.toHaveProperty('joinedAt');
  });

  it('maps each group to the permissions the user holds there', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/users/${ids.alice}/groups/permissions?groupIds=${guild}`, { cookie: await t.login('alice') });
    expect(Object.keys(r.body)).toEqual([guild]);
    expect(r.body[guild]).toEqual(['*']);
  });

  it('answers 404 for an unknown user', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/users/usr_00000000-0000-4000-8000-00000000dead/groups', { cookie: await t.login('bob') }), 404);
  });
});

describe('mutuals', () => {
  it('counts and lists mutual friends and groups', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expect((await t.call('GET', `/users/${ids.alice}/mutuals`, { cookie })).body).toEqual({ friends: 1, groups: 2 });
    const friends = (await t.call('GET', `/users/${ids.alice}/mutuals/friends`, { cookie })).body;
    expect(friends.map((f: { id: string }) => f.id)).toEqual([ids.frank]);
    const groups = (await t.call('GET', `/users/${ids.alice}/mutuals/groups`, { cookie })).body;
    expect(groups.map((g: { groupId: string }) => g.groupId)).toEqual([guild, nightOwls]);
  });
});

describe('profiles', () => {
  it('answers the public profile to anyone and the activity by the presence rules', async () => {
    const t = testSandbox();
    const cookie = await t.login('eve');
    expect((await t.call('GET', `/profile/${ids.alice}`, { cookie })).body).toMatchObject({
      id: ids.alice,
      displayName: 'Alice',
      languages: ['eng'],
    });
    expect((await t.call('GET', `/profile/${ids.alice}/private`, { cookie })).body).toMatchObject({
      isFriend: false,
      activity: { location: 'offline' },
    });
    const bob = await t.login('bob');
    expect((await t.call('GET', `/profile/${ids.alice}/private`, { cookie: bob })).body).toMatchObject({
      isFriend: true,
      activity: { state: 'online' },
    });
  });
});
