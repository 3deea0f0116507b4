import type { Group, GroupListItem, GroupMember, GroupMemberRecord, GroupMyMember, GroupRecord } from '../../store/records/groups.js';
import { findGroupMember } from '../../store/indexes/group-members.js';
import type { World } from '../../store/world.js';
import { groupPermissions, hasGroupPermission } from './permissions.js';

/**
 * Manager notes are for the group's managers: anyone else, the noted member included, reads null.
 */
function memberFields(world: World, member: GroupMemberRecord, viewerId: string): GroupMemberRecord {
  const managesMembers = hasGroupPermission(world, member.groupId, viewerId, 'group-members-manage');
  return { ...member, managerNotes: managesMembers ? member.managerNotes : null };
}

/**
 * A Group as `viewerId` reads it: their membershipStatus (inactive without a record) and myMember,
 * which leaves out the notes they may not read and a join time they do not have yet.
 */
export function groupView(world: World, group: GroupRecord, viewerId: string): Group {
  const member = findGroupMember(world, group.id, viewerId);
  let myMember: GroupMyMember | null = null;
  if (member) {
    const { managerNotes, joinedAt, ...fields } = memberFields(world, member, viewerId);
    myMember = { ...fields, permissions: groupPermissions(group, viewerId, member) };
    if (managerNotes !== null) myMember.managerNotes = managerNotes;
    if (joinedAt !== null) myMember.joinedAt = joinedAt;
  }
  return { ...group, membershipStatus: member?.membershipStatus ?? 'inactive', myMember };
}

export function groupListItemView(world: World, group: GroupRecord, viewerId: string): GroupListItem {
  const view = groupView(world, group, viewerId);
  return { ...view, roles: view.roles.map(({ productId: _productId, ...role }) => role) };
}

/** A GroupMember with the short user object, as the update-member response carries it. */
export function groupMemberView(world: World, member: GroupMemberRecord, viewerId: string): GroupMember {
  const user = world.users.get(member.userId);
  return {
    ...memberFields(world, member, viewerId),
    user: {
      bannerColor: user?.bannerColor ?? '',
      bannerType: user?.bannerType ?? '',
      bannerUrl: user?.bannerUrl ?? '',
      displayName: user?.displayName ?? '',
      iconFrame: user?.iconFrame ?? '',
      iconUrl: user?.iconUrl ?? '',
      id: member.userId,
      nameplateEffect: user?.nameplateEffect ?? '',
      profileEffect: user?.profileEffect ?? '',
    },
  };
}
