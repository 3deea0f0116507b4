import { ApiError, messages } from '../../errors.js';
import { seedOrLive } from '../../live-profile.js';
import { idPattern, requireIdForm } from '../../schema/ids.js';
import type { GroupMemberRecord, GroupRecord, GroupRole } from '../../store/records/groups.js';
import type { UserRecord } from '../../store/records/user.js';
import { findGroupMember } from '../../store/indexes/group-members.js';
import type { Sandbox } from '../../store/sandbox.js';
import { GROUP_OPERATIONS, type GroupOperation, type UnknownGroupAnswer } from './permission-table.js';
import { hasGroupPermission, isGroupMember } from './permissions.js';

const GROUP_ID = idPattern('grp');

/** A group id of the wrong form is refused before anything is looked up: 400 `groupId must be an ID: '…'`. */
export const requireGroupId = (groupId: string) => requireIdForm('groupId', groupId, GROUP_ID);

/** The group `operation` acts on; an unknown one answers as the table's `unknownGroup` says. */
export function findGroup(sandbox: Sandbox, groupId: string, operation: GroupOperation): GroupRecord {
  requireGroupId(groupId);
  const group = sandbox.groups.get(groupId);
  if (group) return group;
  const { access, unknownGroup }: { access: string; unknownGroup?: UnknownGroupAnswer } = GROUP_OPERATIONS[operation];
  if (unknownGroup === undefined) throw new ApiError(404, messages.groupNotFound);
  if (unknownGroup === 'refused') throw strangerRefusal(access);
  throw seedOrLive(unknownGroup);
}

/** What a requester who holds nothing in the group is refused with, by what the operation asks. */
const strangerRefusal = (access: string) =>
  new ApiError(
    403,
    access === 'member' || access === 'anyone' || access === 'public' || access === 'self'
      ? messages.groupNotMember
      : messages.groupNoPermission,
  );

/** The owner counts as a member even without a member record of their own. */
export const belongs = (sandbox: Sandbox, group: GroupRecord, userId: string) =>
  group.ownerId === userId || isGroupMember(sandbox, group.id, userId);

/**
 * Checks what the permission table asks of `operation` (`permission-table.ts`): the owner
 * passes every check; a missing permission is 403 "You don't have permission.", a missing
 * membership 403 "You're not a member.".
 */
export function requireGroupAccess(sandbox: Sandbox, group: GroupRecord, actor: UserRecord, operation: GroupOperation): void {
  const access: string = GROUP_OPERATIONS[operation].access;
  if (access === 'anyone' || access === 'public' || access === 'self' || group.ownerId === actor.id) return;
  if (access === 'owner' || !belongs(sandbox, group, actor.id)) throw strangerRefusal(access);
  if (access !== 'member' && !hasGroupPermission(sandbox, group.id, actor.id, access)) {
    throw new ApiError(403, messages.groupNoPermission);
  }
}

/** A member's record, or undefined for anyone whose record does not say `member`. */
export function memberRecord(sandbox: Sandbox, groupId: string, userId: string): GroupMemberRecord | undefined {
  const record = findGroupMember(sandbox, groupId, userId);
  return record?.membershipStatus === 'member' ? record : undefined;
}

/** The roles a record lists (roleIds and mRoleIds), without the default role everyone holds. */
export function rolesOf(group: GroupRecord, member: GroupMemberRecord | undefined): GroupRole[] {
  if (!member) return [];
  return group.roles.filter((role) => member.roleIds.includes(role.id) || member.mRoleIds.includes(role.id));
}

/**
 * Where a user stands in the group: lower is higher, as role `order` counts. The owner stands above
 * every role; a member stands at their highest listed role; a member with none, or a non-member, below all.
 */
export function rankOf(sandbox: Sandbox, group: GroupRecord, userId: string): number {
  if (group.ownerId === userId) return -1;
  const orders = rolesOf(group, memberRecord(sandbox, group.id, userId)).map((role) => role.order);
  return orders.length ? Math.min(...orders) : Number.MAX_SAFE_INTEGER;
}

/** Nobody acts on the owner, and nobody but the owner on a member standing at or above them. */
export function requireAbove(sandbox: Sandbox, group: GroupRecord, actor: UserRecord, targetId: string): void {
  if (targetId === group.ownerId) throw new ApiError(403, messages.groupActOnOwner);
  if (actor.id === group.ownerId) return;
  if (rankOf(sandbox, group, actor.id) >= rankOf(sandbox, group, targetId)) {
    throw new ApiError(403, messages.groupActOnHigherRole);
  }
}

/** The owner's role: the management role granting `*` at the top of the order. It is ownership, not a grant. */
export const isOwnerRole = (role: GroupRole) => role.isManagementRole && role.permissions.includes('*') && role.order === 0;

export function findRole(group: GroupRecord, roleId: string): GroupRole {
  const role = group.roles.find((r) => r.id === roleId);
  if (!role) throw new ApiError(404, messages.groupRoleNotFound);
  return role;
}

export function requireKnownRoles(group: GroupRecord, roleIds: readonly string[] | null | undefined): void {
  if (roleIds?.some((roleId) => !group.roles.some((role) => role.id === roleId))) {
    throw new ApiError(404, messages.groupRoleNotFound);
  }
}

/** A page of `n` items from `offset`. */
export const page = <T>(items: readonly T[], query: { n: number; offset: number }) => items.slice(query.offset, query.offset + query.n);
