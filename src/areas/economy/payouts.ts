import type { PayoutRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';
import { ownEconomy } from './account-access.js';

/** The provider's codes for a payout's state and platform, beside their names. */
const STATUS_CODES: Record<PayoutRecord['status'], number> = { pending: 1, completed: 2, failed: 3, reversed: 4 };
const PLATFORM_CODES: Record<string, number> = { Tilia: 1 };

export function payoutView(record: PayoutRecord) {
  return {
    paymentOutId: record.paymentOutId,
    transactionId: record.transactionId,
    paymentAmountTokens: record.tokens,
    paymentAmountUsd: record.usdCents,
    paymentPlatform: record.platform,
    paymentPlatformCode: PLATFORM_CODES[record.platform] ?? 0,
    paymentStatus: record.status,
    paymentStatusCode: STATUS_CODES[record.status],
    paymentCreated: record.created,
    paymentUpdated: record.updated,
    platformPaymentGuid: null,
    platformPaymentMethod: null,
    reversalDate: null,
    reversalReason: null,
    reversalReasonCode: null,
    reversalTransactionId: null,
  };
}

/** The user's payouts, newest first; only the user may read them. */
export function payouts(world: World, actor: UserRecord, userId: string): PayoutRecord[] {
  const user = ownEconomy(actor, userId);
  return world.payouts.filter((record) => record.userId === user.id).sort((a, b) => b.created.localeCompare(a.created));
}
