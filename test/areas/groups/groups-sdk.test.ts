import { describe, expect, it } from 'vitest';
import { useSdkServer } from '../../support/sdk-harness.js';

const sdk = useSdkServer();

describe('the official vrchat SDK on group membership and moderation', () => {
  it('joins by request, is accepted, given a role, banned and unbanned', async () => {
    const alice = await sdk.loggedIn('alice');
    const bob = await sdk.loggedIn('bob');
    const created = await alice.createGroup({ body: { name: 'SDK Crew', shortCode: 'SDKC', roleTemplate: 'managedRequest' } });
    expect(created.error).toBeUndefined();
    const groupId = created.data!.id!;
    const manager = created.data!.roles!.find((role) => role.name === 'Manager')!;
    const bobId = 'usr_b0b00000-0000-4000-8000-000000000002';

    const joined = await bob.joinGroup({ path: { groupId } });
    expect(joined.error).toBeUndefined();
    expect(joined.data?.membershipStatus).toBe('requested');
    const requests = await alice.getGroupRequests({ path: { groupId } });
    expect(requests.data?.map((m) => m.userId)).toEqual([bobId]);

    const accepted = await alice.respondGroupJoinRequest({ path: { groupId, userId: bobId }, body: { action: 'accept' } });
    expect(accepted.error).toBeUndefined();
    expect((await bob.getGroup({ path: { groupId } })).data?.membershipStatus).toBe('member');

    const roles = await alice.addGroupMemberRole({ path: { groupId, userId: bobId, groupRoleId: manager.id! } });
    expect(roles.data).toEqual([manager.id]);
    const member = await alice.getGroupMember({ path: { groupId, userId: bobId } });
    expect(member.data?.roleIds).toEqual([manager.id]);

    const banned = await alice.banGroupMember({ path: { groupId }, body: { userId: bobId } });
    expect(banned.error).toBeUndefined();
    expect(banned.data?.membershipStatus).toBe('banned');
    expect((await alice.getGroupBans({ path: { groupId } })).data?.map((m) => m.userId)).toEqual([bobId]);
    expect((await bob.joinGroup({ path: { groupId } })).error).toBeDefined();

    const unbanned = await alice.unbanGroupMember({ path: { groupId, userId: bobId } });
    expect(unbanned.error).toBeUndefined();
    expect((await alice.getGroupBans({ path: { groupId } })).data).toEqual([]);
    expect((await bob.getGroup({ path: { groupId } })).data?.membershipStatus).toBe('inactive');
  });
});
