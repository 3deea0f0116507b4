import type { GroupMemberRecord, GroupPermission, GroupRecord } from '../../store/records/groups.js';
import { findGroupMember } from '../../store/indexes/group-members.js';
import type { Sandbox } from '../../store/sandbox.js';

/** True when the user's record in the group says `member` (not invited, requested, banned or blocked). */
export function isGroupMember(sandbox: Sandbox, groupId: string, userId: string): boolean {
  return findGroupMember(sandbox, groupId, userId)?.membershipStatus === 'member';
}

/**
 * Whether the user may do what `permission` names in the group: the owner may do everything; a member
 * may do what their roles grant (roleIds, mRoleIds and the group's default roles), `*` granting all.
 * Invited, requested, banned and blocking users hold no permission at all.
 */
export function hasGroupPermission(sandbox: Sandbox, groupId: string, userId: string, permission: string): boolean {
  const group = sandbox.groups.get(groupId);
  if (!group) return false;
  if (group.ownerId === userId) return true;
  const member = findGroupMember(sandbox, groupId, userId);
  if (member?.membershipStatus !== 'member') return false;
  return grantedRoles(group, member).some((role) => role.permissions.some((p) => p === '*' || p === permission));
}

/** Every permission the user holds in the group, as the group's myMember.permissions lists them. */
export function groupPermissions(group: GroupRecord, userId: string, member?: GroupMemberRecord): GroupPermission[] {
  if (group.ownerId === userId) return ['*'];
  if (member?.membershipStatus !== 'member') return [];
  const granted = new Set<GroupPermission>();
  for (const role of grantedRoles(group, member)) for (const p of role.permissions) granted.add(p);
  return [...granted];
}

function grantedRoles(group: GroupRecord, member: GroupMemberRecord) {
  return group.roles.filter((role) => role.defaultRole || member.roleIds.includes(role.id) || member.mRoleIds.includes(role.id));
}
