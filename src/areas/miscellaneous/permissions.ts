import { ApiError, messages } from '../../errors.js';
import type { PermissionRecord } from '../../store/records/account-extras.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';

function permissionView(world: World, record: PermissionRecord) {
  const { holderId: _holder, ...permission } = record;
  return { ...permission, ownerDisplayName: world.users.get(record.ownerId)?.displayName ?? '' };
}

/** GET /auth/permissions: the permissions granted to the requester, in the order they were granted. */
export function assignedPermissions(world: World, actor: UserRecord) {
  return [...world.permissions.values()].filter((p) => p.holderId === actor.id).map((p) => permissionView(world, p));
}

/** GET /permissions/{permissionId}: one of the requester's permissions (any for an admin); others are not found. */
export function getPermission(world: World, actor: UserRecord, permissionId: string) {
  const record = world.permissions.get(permissionId);
  if (!record || (record.holderId !== actor.id && !actor.isAdmin)) throw new ApiError(404, messages.permissionNotFound(permissionId));
  return permissionView(world, record);
}
