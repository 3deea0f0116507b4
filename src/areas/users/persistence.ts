import { ApiError, messages } from '../../errors.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { findUser } from '../authentication/public.js';

/** The user whose persistence data the actor may see or delete: their own, or anyone's for an admin. */
function ownedUser(sandbox: Sandbox, actor: UserRecord, userId: string): UserRecord {
  const user = findUser(sandbox, userId);
  if (user.id !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.instanceUserMustBeOwn);
  return user;
}

/** GET /users/{userId}/{worldId}/persist/exists: true, or 404 when the user has no data in that world. */
export function persistenceExists(sandbox: Sandbox, actor: UserRecord, userId: string, worldId: string): true {
  const user = ownedUser(sandbox, actor, userId);
  if (!user.persistentWorldIds.includes(worldId)) throw new ApiError(404, messages.persistenceNotFound(worldId));
  return true;
}

/** DELETE /users/{userId}/{worldId}/persist: 404 when there is nothing to delete. */
export function deletePersistence(sandbox: Sandbox, actor: UserRecord, userId: string, worldId: string): void {
  const user = ownedUser(sandbox, actor, userId);
  if (!user.persistentWorldIds.includes(worldId)) throw new ApiError(404, messages.persistenceNotFound(worldId));
  user.persistentWorldIds = user.persistentWorldIds.filter((id) => id !== worldId);
}

/** DELETE /users/{userId}/persist: every world's data of the user, if any. */
export function deleteAllPersistence(sandbox: Sandbox, actor: UserRecord, userId: string): void {
  ownedUser(sandbox, actor, userId).persistentWorldIds = [];
}
