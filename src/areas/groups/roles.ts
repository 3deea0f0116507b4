import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { GroupPermission, GroupRoleSchema, type GroupRecord, type GroupRole } from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { groupPermissions } from './permissions.js';
import { audit } from './audit.js';
import { findGroup, findRole, isOwnerRole, memberRecord, rankOf, requireAbove, requireGroupAccess } from './access.js';
import { emitMemberUpdated, emitRoleUpdated } from './events.js';
import { findGroupMember } from '../../store/indexes/group-members.js';
import { guardGrowth } from '../../store/growth.js';

const byOrder = (roles: readonly GroupRole[]) => [...roles].sort((a, b) => a.order - b.order);

export function listGroupRoles(sandbox: Sandbox, actor: UserRecord, groupId: string): GroupRole[] {
  const group = findGroup(sandbox, groupId, 'getGroupRoles');
  requireGroupAccess(sandbox, group, actor, 'getGroupRoles');
  return byOrder(group.roles);
}

const CreateRoleSchema = lazy(() =>
  z.object({
    id: z.string().optional(),
    name: z.string().trim().min(1).max(64),
    description: z.string().max(500).optional(),
    isSelfAssignable: z.boolean().optional(),
    permissions: z.array(GroupPermission).optional(),
  }),
);

const UpdateRoleSchema = lazy(() =>
  z.object({
    name: z.string().trim().min(1).max(64).optional(),
    description: z.string().max(500).optional(),
    isSelfAssignable: z.boolean().optional(),
    permissions: z.array(GroupPermission).optional(),
    order: z.number().int().min(1).optional(),
  }),
);

/**
 * A manager below the owner may only touch roles (and orders) strictly below their own standing, and
 * only grant permissions they hold; the owner's role is nobody's to change.
 */
function requireRoleBelow(sandbox: Sandbox, group: GroupRecord, actor: UserRecord, role: GroupRole, order = role.order) {
  if (isOwnerRole(role)) throw new ApiError(403, messages.groupRoleProtected);
  if (group.ownerId === actor.id) return;
  if (order <= rankOf(sandbox, group, actor.id)) throw new ApiError(403, messages.groupRoleAboveOwn);
}

function requireHeldPermissions(sandbox: Sandbox, group: GroupRecord, actor: UserRecord, permissions: readonly string[]) {
  const held = groupPermissions(group, actor.id, findGroupMember(sandbox, group.id, actor.id));
  if (held.includes('*')) return;
  if (permissions.some((p) => !held.includes(p as GroupRole['permissions'][number]))) {
    throw new ApiError(403, messages.groupNoPermission);
  }
}

/** A new role goes to the bottom of the order, just above the default role. */
export function createGroupRole(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): GroupRole {
  const group = findGroup(sandbox, groupId, 'createGroupRole');
  requireGroupAccess(sandbox, group, actor, 'createGroupRole');
  const request = parseInput(CreateRoleSchema, body);
  requireHeldPermissions(sandbox, group, actor, request.permissions ?? []);
  guardGrowth(sandbox, 'groupRoles', group.id);
  const now = isoNow(sandbox.clock);
  const defaultRole = group.roles.find((r) => r.defaultRole);
  const order = defaultRole ? defaultRole.order : Math.max(0, ...group.roles.map((r) => r.order)) + 1;
  if (defaultRole) defaultRole.order = order + 1;
  const role = GroupRoleSchema.parse({
    id: newId('grol'),
    groupId: group.id,
    name: request.name,
    description: request.description ?? '',
    isSelfAssignable: request.isSelfAssignable ?? false,
    permissions: request.permissions ?? [],
    order,
    createdAt: now,
    updatedAt: now,
  });
  group.roles.push(role);
  audit(sandbox, group, actor, 'group.role.create', role.id, `${actor.displayName} created the role ${role.name}.`);
  emitRoleUpdated(sandbox, group, role);
  return role;
}

/** Answers every role of the group, as the real API does. */
export function updateGroupRole(sandbox: Sandbox, actor: UserRecord, groupId: string, roleId: string, body: unknown): GroupRole[] {
  const group = findGroup(sandbox, groupId, 'updateGroupRole');
  requireGroupAccess(sandbox, group, actor, 'updateGroupRole');
  const role = findRole(group, roleId);
  const request = parseInput(UpdateRoleSchema, body);
  requireRoleBelow(sandbox, group, actor, role);
  if (request.order !== undefined) requireRoleBelow(sandbox, group, actor, role, request.order);
  if (request.permissions) requireHeldPermissions(sandbox, group, actor, request.permissions);
  for (const [field, value] of Object.entries(request)) if (value !== undefined) (role as Record<string, unknown>)[field] = value;
  role.updatedAt = isoNow(sandbox.clock);
  audit(sandbox, group, actor, 'group.role.update', role.id, `${actor.displayName} updated the role ${role.name}.`, { changes: request });
  emitRoleUpdated(sandbox, group, role);
  return byOrder(group.roles);
}

/** Members holding the role lose it; the default role and the owner's stay. */
export function deleteGroupRole(sandbox: Sandbox, actor: UserRecord, groupId: string, roleId: string): GroupRole[] {
  const group = findGroup(sandbox, groupId, 'deleteGroupRole');
  requireGroupAccess(sandbox, group, actor, 'deleteGroupRole');
  const role = findRole(group, roleId);
  if (role.defaultRole) throw new ApiError(400, messages.groupRoleDefault);
  requireRoleBelow(sandbox, group, actor, role);
  group.roles = group.roles.filter((r) => r.id !== role.id);
  for (const record of sandbox.groupMembersByGroup.get(group.id)?.values() ?? []) {
    if (!record.roleIds.includes(role.id) && !record.mRoleIds.includes(role.id)) continue;
    record.roleIds = record.roleIds.filter((id) => id !== role.id);
    record.mRoleIds = record.mRoleIds.filter((id) => id !== role.id);
    emitMemberUpdated(sandbox, record);
  }
  audit(sandbox, group, actor, 'group.role.delete', role.id, `${actor.displayName} deleted the role ${role.name}.`);
  return byOrder(group.roles);
}

/**
 * Gives or takes a role: only roles below the actor's standing, to members below it (or to
 * themselves); never the default role or the owner's. Answers the member's roleIds.
 */
export function setMemberRole(
  sandbox: Sandbox,
  actor: UserRecord,
  groupId: string,
  userId: string,
  roleId: string,
  give: boolean,
): string[] {
  const group = findGroup(sandbox, groupId, give ? 'addGroupMemberRole' : 'removeGroupMemberRole');
  requireGroupAccess(sandbox, group, actor, give ? 'addGroupMemberRole' : 'removeGroupMemberRole');
  const role = findRole(group, roleId);
  const record = memberRecord(sandbox, group.id, userId);
  if (!record) throw new ApiError(404, messages.groupMemberNotFound);
  if (role.defaultRole) throw new ApiError(400, messages.groupRoleDefault);
  requireRoleBelow(sandbox, group, actor, role);
  if (userId !== actor.id) requireAbove(sandbox, group, actor, userId);
  const holds = record.roleIds.includes(role.id);
  if (give && !holds) record.roleIds = [...record.roleIds, role.id];
  if (!give && holds) record.roleIds = record.roleIds.filter((id) => id !== role.id);
  if (give !== holds) {
    const name = sandbox.users.get(userId)?.displayName ?? userId;
    const type = give ? 'group.member.role.assign' : 'group.member.role.unassign';
    audit(
      sandbox,
      group,
      actor,
      type,
      userId,
      `${actor.displayName} ${give ? 'gave' : 'took'} ${role.name} ${give ? 'to' : 'from'} ${name}.`,
      {
        roleId: role.id,
      },
    );
    emitMemberUpdated(sandbox, record);
  }
  return record.roleIds;
}
