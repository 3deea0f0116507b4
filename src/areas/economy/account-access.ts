import { ApiError, messages } from '../../errors.js';
import type { UserRecord } from '../../store/records/user.js';

/**
 * A user's subscriptions, Steam transactions, Tilia account and payouts are theirs alone: another
 * user asking by id is refused before anything is looked up, so the answer says nothing of them.
 */
export function ownEconomy(actor: UserRecord, userId: string, message: string = messages.economyOfOthers): UserRecord {
  if (userId !== actor.id) throw new ApiError(403, message);
  return actor;
}
