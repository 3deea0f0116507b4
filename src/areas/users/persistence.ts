import { ApiError, messages } from '../../errors.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { findUser } from './find-user.js';

/**
 * The user whose persistence data the actor may see or delete: their own, or anyone's for an admin.
 * Another user's id is refused before it is looked up, so a user who does not exist is a 403 too, as the
 * live service answers (conformance: check-user-persistence-exists-not-found, delete-user-persistence-not-found).
 */
function ownedUser(sandbox: Sandbox, actor: UserRecord, userId: string): UserRecord {
  if (userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.instanceUserMustBeOwn);
  return findUser(sandbox, userId);
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
