import { ApiError, messages } from '../../errors.js';
import type { PermissionRecord } from '../../store/records/account-extras.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

function permissionView(sandbox: Sandbox, record: PermissionRecord) {
  const { holderId: _holder, ...permission } = record;
  return { ...permission, ownerDisplayName: sandbox.users.get(record.ownerId)?.displayName ?? '' };
}

/** GET /auth/permissions: the permissions granted to the requester, in the order they were granted. */
export function assignedPermissions(sandbox: Sandbox, actor: UserRecord) {
  return [...sandbox.permissions.values()].filter((p) => p.holderId === actor.id).map((p) => permissionView(sandbox, p));
}

/** GET /permissions/{permissionId}: one of the requester's permissions (any for an admin); others are not found. */
export function getPermission(sandbox: Sandbox, actor: UserRecord, permissionId: string) {
  const record = sandbox.permissions.get(permissionId);
  if (!record || (record.holderId !== actor.id && !actor.isAdmin)) throw new ApiError(404, messages.permissionNotFound(permissionId));
  return permissionView(sandbox, record);
}
