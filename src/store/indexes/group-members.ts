import type { GroupMemberRecord, GroupRecord } from '../records/groups.js';
import { WatchedMap, recordsById } from '../watched-map.js';

/** Group membership records by id, and the same records by group then user and by user then group. */
export interface GroupMemberIndex {
  readonly groupMembers: Map<string, GroupMemberRecord>;
  /** groupId -> userId -> record: at most one record per user and group. */
  readonly groupMembersByGroup: Map<string, Map<string, GroupMemberRecord>>;
  /** userId -> groupId -> record, in the order the records were added. */
  readonly groupMembersByUser: Map<string, Map<string, GroupMemberRecord>>;
}

/**
 * Indexes the members and recounts every group's memberCount and onlineMemberCount from them, so
 * presence moves (which adjust onlineMemberCount by one) start from counts that agree with the users.
 */
export function indexGroupMembers(
  groups: Map<string, GroupRecord>,
  members: GroupMemberRecord[],
  isOnline: (userId: string) => boolean,
): GroupMemberIndex {
  const index: GroupMemberIndex = {
    groupMembers: recordsById(),
    groupMembersByGroup: new WatchedMap(),
    groupMembersByUser: new WatchedMap(),
  };
  for (const member of members) putGroupMember(index, member);
  for (const group of groups.values()) {
    group.memberCount = 0;
    group.onlineMemberCount = 0;
  }
  for (const member of index.groupMembers.values()) {
    const group = groups.get(member.groupId);
    if (!group || member.membershipStatus !== 'member') continue;
    group.memberCount++;
    if (isOnline(member.userId)) group.onlineMemberCount++;
  }
  return index;
}

/**
 * Adds a record, replacing any earlier record of the same user in the same group. A record put again
 * (an invite turned membership) keeps its place in every list, and a replacing one takes the end of
 * each: a reloaded sandbox orders all three by the records' order, so they must agree with it.
 */
export function putGroupMember(index: GroupMemberIndex, member: GroupMemberRecord): void {
  const earlier = index.groupMembersByGroup.get(member.groupId)?.get(member.userId);
  if (earlier && earlier !== member) deleteGroupMember(index, earlier);
  index.groupMembers.set(member.id, member);
  let ofGroup = index.groupMembersByGroup.get(member.groupId);
  if (!ofGroup) index.groupMembersByGroup.set(member.groupId, (ofGroup = new Map()));
  ofGroup.set(member.userId, member);
  let ofUser = index.groupMembersByUser.get(member.userId);
  if (!ofUser) index.groupMembersByUser.set(member.userId, (ofUser = new Map()));
  ofUser.set(member.groupId, member);
}

export function deleteGroupMember(index: GroupMemberIndex, member: GroupMemberRecord): void {
  index.groupMembers.delete(member.id);
  index.groupMembersByGroup.get(member.groupId)?.delete(member.userId);
  index.groupMembersByUser.get(member.userId)?.delete(member.groupId);
}

export const findGroupMember = (index: GroupMemberIndex, groupId: string, userId: string) =>
  index.groupMembersByGroup.get(groupId)?.get(userId);
