import type { Group, GroupListItem, GroupMember, GroupMemberRecord, GroupMyMember, GroupRecord } from '../../store/records/groups.js';
import { findGroupMember } from '../../store/indexes/group-members.js';
import type { Sandbox } from '../../store/sandbox.js';
import { groupPermissions, hasGroupPermission } from './permissions.js';

/**
 * Manager notes are for the group's managers: anyone else, the noted member included, reads null.
 */
function memberFields(sandbox: Sandbox, member: GroupMemberRecord, viewerId: string): GroupMemberRecord {
  const managesMembers = hasGroupPermission(sandbox, member.groupId, viewerId, 'group-members-manage');
  return { ...member, managerNotes: managesMembers ? member.managerNotes : null };
}

/**
 * A Group as `viewerId` reads it: their membershipStatus (inactive without a record) and myMember,
 * which leaves out the notes they may not read and a join time they do not have yet.
 */
export function groupView(sandbox: Sandbox, group: GroupRecord, viewerId: string): Group {
  const member = findGroupMember(sandbox, group.id, viewerId);
  let myMember: GroupMyMember | null = null;
  if (member) {
    const { managerNotes, joinedAt, ...fields } = memberFields(sandbox, member, viewerId);
    myMember = { ...fields, permissions: groupPermissions(group, viewerId, member) };
    if (managerNotes !== null) myMember.managerNotes = managerNotes;
    if (joinedAt !== null) myMember.joinedAt = joinedAt;
  }
  return { ...group, membershipStatus: member?.membershipStatus ?? 'inactive', myMember };
}

export function groupListItemView(sandbox: Sandbox, group: GroupRecord, viewerId: string): GroupListItem {
  const view = groupView(sandbox, group, viewerId);
  return { ...view, roles: view.roles.map(({ productId: _productId, ...role }) => role) };
}

/** A GroupMember with the short user object, as the update-member response carries it. */
export function groupMemberView(sandbox: Sandbox, member: GroupMemberRecord, viewerId: string): GroupMember {
  const user = sandbox.users.get(member.userId);
  return {
    ...memberFields(sandbox, member, viewerId),
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
