import { ApiError, messages } from '../../errors.js';
import type { SteamTransactionRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { subscriptionOf, subscriptionView } from './subscriptions.js';

export function steamTransactionView(sandbox: Sandbox, record: SteamTransactionRecord) {
  const { orderId, steamId, transId, country, currency, walletStatus } = record.steam;
  return {
    id: record.id,
    userId: record.userId,
    userDisplayName: sandbox.users.get(record.userId)?.displayName ?? '',
    status: record.status,
    subscription: subscriptionView(subscriptionOf(sandbox, record.subscriptionId)),
    sandbox: record.sandbox,
    isGift: record.isGift,
    isTokens: record.isTokens,
    error: record.error,
    steam: { orderId, steamId, steamUrl: '', transId, walletInfo: { country, currency, state: '', status: walletStatus } },
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** The requester's own Steam transactions, newest first. */
export function steamTransactions(sandbox: Sandbox, actor: UserRecord): SteamTransactionRecord[] {
  return [...sandbox.steamTransactions.values()]
    .filter((record) => record.userId === actor.id)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** One of the requester's transactions; another user's reads as missing. */
export function steamTransaction(sandbox: Sandbox, actor: UserRecord, id: string): SteamTransactionRecord {
  const record = sandbox.steamTransactions.get(id);
  if (!record || record.userId !== actor.id) throw new ApiError(404, messages.steamTransactionNotFound(id));
  return record;
}

/** GET /Admin/transactions: an admin's view of every transaction of the world, newest first; refused to anyone else. */
export function adminTransactions(sandbox: Sandbox, actor: UserRecord): SteamTransactionRecord[] {
  if (!actor.isAdmin) throw new ApiError(403, messages.invalidAdminCredentials);
  return [...sandbox.steamTransactions.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** GET /Admin/transactions/{transactionId}: one transaction of the world, for an admin. */
export function adminTransaction(sandbox: Sandbox, actor: UserRecord, id: string): SteamTransactionRecord {
  if (!actor.isAdmin) throw new ApiError(403, messages.invalidAdminCredentials);
  const record = sandbox.steamTransactions.get(id);
  if (!record) throw new ApiError(404, messages.steamTransactionNotFound(id));
  return record;
}
