import { describe, expect, it } from 'vitest';
import { indexGroupMembers, putGroupMember, type GroupMemberIndex } from '../../src/store/indexes/group-members.js';
import { GroupMemberRecordSchema, type GroupMemberRecord } from '../../src/store/records/groups.js';

const uuid = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;
const user = `usr_${uuid(9)}`;
const [groupA, groupB] = [`grp_${uuid(1)}`, `grp_${uuid(2)}`];
const record = (n: number, groupId: string, membershipStatus: GroupMemberRecord['membershipStatus']) =>
  GroupMemberRecordSchema.parse({ id: `gmem_${uuid(n)}`, groupId, userId: user, membershipStatus, createdAt: '2026-01-15T12:00:00.000Z' });

/** The user's groups in the index's order, and in the order a world reloaded from its records has. */
function orders(index: GroupMemberIndex) {
  const reloaded = indexGroupMembers(new Map(), [...index.groupMembers.values()], () => false);
  return { kept: [...index.groupMembersByUser.get(user)!.keys()], reloaded: [...reloaded.groupMembersByUser.get(user)!.keys()] };
}

describe('the group member index', () => {
  it('keeps a record put again (an invite turned membership) in its place, as a reload orders it', () => {
    const invite = record(1, groupA, 'invited');
    const index = indexGroupMembers(new Map(), [invite, record(2, groupB, 'member')], () => false);
    invite.membershipStatus = 'member';
    putGroupMember(index, invite);
    expect(orders(index)).toEqual({ kept: [groupA, groupB], reloaded: [groupA, groupB] });
  });

  it('puts a record that replaces another at the end of each list, as a reload orders it', () => {
    const index = indexGroupMembers(new Map(), [record(1, groupA, 'userblocked'), record(2, groupB, 'member')], () => false);
    putGroupMember(index, record(3, groupA, 'member'));
    expect(orders(index)).toEqual({ kept: [groupB, groupA], reloaded: [groupB, groupA] });
    expect(index.groupMembers.has(`gmem_${uuid(1)}`)).toBe(false);
  });
});
