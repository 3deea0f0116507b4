import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import { newId } from '../../store/ids.js';
import type { PermissionRecord } from '../../store/records/account-extras.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { findUser } from '../users/public.js';

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

// The list and the changes of permissions are the admins' tools; anyone else is refused before anything is read.
function requireAdmin(actor: UserRecord) {
  if (!actor.isAdmin) throw new ApiError(403, messages.invalidAdminCredentials);
}

const CreatePermissionSchema = lazy(() => z.object({ name: z.string().min(1), ownerId: idOf('usr').optional() }));
// The description gives the create a page's `n` and `offset` too: checked as everywhere, else unused.
const CreatePermissionQuerySchema = lazy(() => z.object({ ownerId: idOf('usr').optional(), ...pageParams() }));
const UpdatePermissionSchema = lazy(() => z.object({ name: z.string().min(1).optional(), ownerId: idOf('usr').optional() }));

/** GET /permissions (admins): every permission of the world. */
export function listPermissions(sandbox: Sandbox, actor: UserRecord) {
  requireAdmin(actor);
  return [...sandbox.permissions.values()].map((p) => permissionView(sandbox, p));
}

/**
 * POST /permissions (admins): a new permission, owned (and held) by the `ownerId` of the body or the
 * query, else by the sender.
 */
export function createPermission(sandbox: Sandbox, actor: UserRecord, body: unknown, query: Record<string, string>) {
  requireAdmin(actor);
  const { ownerId } = parseInput(CreatePermissionQuerySchema, query);
  const input = parseInput(CreatePermissionSchema, body);
  const owner = findUser(sandbox, input.ownerId ?? ownerId ?? actor.id);
  const record: PermissionRecord = { id: newId('prms'), name: input.name, holderId: owner.id, ownerId: owner.id };
  sandbox.permissions.set(record.id, record);
  return permissionView(sandbox, record);
}

function adminPermission(sandbox: Sandbox, actor: UserRecord, permissionId: string): PermissionRecord {
  requireAdmin(actor);
  const record = sandbox.permissions.get(permissionId);
  if (!record) throw new ApiError(404, messages.permissionNotFound(permissionId));
  return record;
}

/** PUT /permissions/{permissionId} (admins): a new name or owner. */
export function updatePermission(sandbox: Sandbox, actor: UserRecord, permissionId: string, body: unknown) {
  const record = adminPermission(sandbox, actor, permissionId);
  const input = parseInput(UpdatePermissionSchema, body);
  if (input.ownerId !== undefined) record.ownerId = findUser(sandbox, input.ownerId).id;
  if (input.name !== undefined) record.name = input.name;
  return permissionView(sandbox, record);
}

/** DELETE /permissions/{permissionId} (admins): the permission goes, from its holder too; answers it as it was. */
export function deletePermission(sandbox: Sandbox, actor: UserRecord, permissionId: string) {
  const record = adminPermission(sandbox, actor, permissionId);
  const view = permissionView(sandbox, record);
  sandbox.permissions.delete(permissionId);
  return view;
}
