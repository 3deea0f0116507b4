import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { parseInput } from '../../http/validation.js';
import { queryBool } from '../../schema/query.js';
import type { SubscriptionRecord, UserSubscriptionRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { ownEconomy } from './account-access.js';

export function subscriptionView(record: SubscriptionRecord) {
  return { ...record };
}

// The newer description gives the list `gifts` and `recurring` flags; what they select it does not say, so they are
// checked (a boolean, else 400 naming it) and the list is the world's whole offer either way.
const OfferQuerySchema = lazy(() => z.object({ gifts: queryBool().optional(), recurring: queryBool().optional() }));

/** GET /subscriptions: what the world sells. */
export function subscriptionsOffered(sandbox: Sandbox, query: Record<string, string>): SubscriptionRecord[] {
  parseInput(OfferQuerySchema, query);
  return [...sandbox.subscriptions.values()];
}

/** A subscription the world does not sell (a fixture naming one it dropped) shows as what it was bought as. */
const unknownSubscription = (id: string): SubscriptionRecord => ({
  id,
  description: id,
  amount: 0,
  period: 'month',
  tier: 0,
  steamItemId: id,
});

export const subscriptionOf = (sandbox: Sandbox, id: string) => sandbox.subscriptions.get(id) ?? unknownSubscription(id);

/** A subscription past its end reads as expired, whatever it said when it was bought. */
function isCurrent(sandbox: Sandbox, record: UserSubscriptionRecord): boolean {
  return record.active && record.status === 'active' && Date.parse(record.expires) > sandbox.clock.now();
}

export function userSubscriptionView(sandbox: Sandbox, record: UserSubscriptionRecord) {
  const { amount, description, period, tier, steamItemId } = subscriptionOf(sandbox, record.subscriptionId);
  const current = isCurrent(sandbox, record);
  return {
    id: record.subscriptionId,
    transactionId: record.transactionId,
    store: record.store,
    steamItemId,
    amount,
    description,
    period,
    tier,
    active: current,
    status: current || record.status !== 'active' ? record.status : 'expired',
    starts: record.starts,
    expires: record.expires,
    created_at: record.created_at,
    updated_at: record.updated_at,
    licenseGroups: record.licenseGroups,
    isGift: record.isGift,
    isBulkGift: record.isBulkGift,
  };
}

const subscriptionsOf = (sandbox: Sandbox, userId: string) =>
  [...sandbox.userSubscriptions.values()].filter((record) => record.userId === userId);

/** The requester's subscriptions still running. */
export function currentSubscriptions(sandbox: Sandbox, actor: UserRecord): UserSubscriptionRecord[] {
  return subscriptionsOf(sandbox, actor.id).filter((record) => isCurrent(sandbox, record));
}

/** The requester's newest subscription, running or not. */
export function recentSubscription(sandbox: Sandbox, actor: UserRecord): UserSubscriptionRecord {
  const newest = subscriptionsOf(sandbox, actor.id).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  if (!newest) throw new ApiError(404, messages.noRecentSubscription);
  return newest;
}

/** Who may buy what: a running subscription rules out buying another, not giving one. */
export function subscriptionEligibility(sandbox: Sandbox, actor: UserRecord, userId: string) {
  const user = ownEconomy(actor, userId);
  const subscribed = currentSubscriptions(sandbox, user).length > 0;
  return {
    activeCancelledSubscription: subscriptionsOf(sandbox, user.id).some((r) => !r.active && Date.parse(r.expires) > sandbox.clock.now()),
    giftEligible: true,
    nonExtendVendorWillLoseGiftTime: false,
    purchaseEligible: !subscribed,
    subscriptionEligible: !subscribed,
    subscriptionOnAltAccount: false,
  };
}
