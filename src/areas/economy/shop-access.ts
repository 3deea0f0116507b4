import { ApiError, messages } from '../../errors.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

/** A user's display name, or '' for one no longer in the world. */
export const nameOf = (sandbox: Sandbox, userId: string) => sandbox.users.get(userId)?.displayName ?? '';

/** Only a record's seller may change it. */
export function requireSeller(actor: UserRecord, record: { sellerId: string }): void {
  if (record.sellerId !== actor.id) throw new ApiError(403, messages.notAuthorized);
}

/** A user's own economy (balance, purchases, transactions) is theirs alone to read. */
export function requireSelf(actor: UserRecord, userId: string): void {
  if (userId !== actor.id) throw new ApiError(403, messages.notAuthorized);
}

export function knownUser(sandbox: Sandbox, userId: string): UserRecord {
  const user = sandbox.users.get(userId);
  if (!user) throw new ApiError(404, messages.userNotFound(userId));
  return user;
}

export const page = <T>(records: T[], { n, offset }: { n: number; offset: number }) => records.slice(offset, offset + n);
