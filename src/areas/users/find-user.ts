import { ApiError, messages } from '../../errors.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

/** The user of that id, or the API's 404 naming it. */
export function findUser(sandbox: Sandbox, userId: string): UserRecord {
  const user = sandbox.users.get(userId);
  if (!user) throw new ApiError(404, messages.userNotFound(userId));
  return user;
}
