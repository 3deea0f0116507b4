import { messages } from '../../errors.js';
import type { PayoutRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { ownEconomy } from './account-access.js';
import { tiliaAccountOf } from './tilia.js';

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
export function payouts(sandbox: Sandbox, actor: UserRecord, userId: string): PayoutRecord[] {
  const user = ownEconomy(actor, userId);
  return sandbox.payouts.filter((record) => record.userId === user.id).sort((a, b) => b.created.localeCompare(a.created));
}

/** The fewest earned tokens a payout may take. */
export const PAYOUT_MINIMUM_TOKENS = 10_000;
/** How long after a payout the next may start. */
const PAYOUT_INTERVAL_MS = 7 * 86_400_000;

/** Why a payout cannot start, for the first check that fails (in the order the status lists them). */
const ISSUES = {
  okStanding: 'Your payment account must accept the terms and pass its identity check.',
  okNotOngoing: 'A payout is already under way.',
  okFrequency: 'Only one payout a week.',
  okBalance: `You need at least ${PAYOUT_MINIMUM_TOKENS} earned tokens.`,
} as const;

/**
 * GET /user/{userId}/economy/payouts/status: the user's earnings, their payout under way (the
 * pending one) and whether a new one may start: a provider account in good standing, no payout under
 * way, none in the last week, and enough earned tokens. Only the user may read it, and only once they
 * have a provider account (400 before).
 */
export function payoutStatus(sandbox: Sandbox, actor: UserRecord, userId: string) {
  const user = ownEconomy(actor, userId);
  const account = tiliaAccountOf(sandbox, user.id, messages.invalidAccountState);
  const earned = sandbox.balances.get(user.id)?.earnings ?? 0;
  const history = payouts(sandbox, actor, userId);
  const active = history.find((record) => record.status === 'pending');
  const latest = history[0];
  const checks = {
    okStanding: account.signedTos && account.kycState === 'ACCEPT',
    okNotOngoing: active === undefined,
    okFrequency: latest === undefined || sandbox.clock.now() - Date.parse(latest.created) >= PAYOUT_INTERVAL_MS,
    okBalance: earned >= PAYOUT_MINIMUM_TOKENS,
  };
  const failed = (Object.keys(ISSUES) as (keyof typeof ISSUES)[]).find((check) => !checks[check]);
  return {
    accountId: numericAccountId(account.accountId),
    tiliaId: account.accountId,
    activePayout: active ? payoutView(active) : null,
    activePayoutCancellable: active !== undefined,
    activePayoutTiliaAmount: active?.usdCents ?? 0,
    earningsBalance: earned,
    eligibility: { ...checks, issue: failed === undefined ? '' : ISSUES[failed] },
    payoutEligible: failed === undefined,
  };
}

/** The provider's number for an account: the same for one account id in every world and after a restart. */
function numericAccountId(accountId: string): number {
  let hash = 2166136261;
  for (let i = 0; i < accountId.length; i++) hash = Math.imul(hash ^ accountId.charCodeAt(i), 16777619) >>> 0;
  return hash % 1_000_000_000;
}
