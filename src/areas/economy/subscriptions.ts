import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { parseInput } from '../../http/validation.js';
import type { SubscriptionRecord, UserSubscriptionRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';
import { ownEconomy } from './account-access.js';

export function subscriptionView(record: SubscriptionRecord) {
  return { ...record };
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

export const subscriptionOf = (world: World, id: string) => world.subscriptions.get(id) ?? unknownSubscription(id);

/** A subscription past its end reads as expired, whatever it said when it was bought. */
function isCurrent(world: World, record: UserSubscriptionRecord): boolean {
  return record.active && record.status === 'active' && Date.parse(record.expires) > world.clock.now();
}

export function userSubscriptionView(world: World, record: UserSubscriptionRecord) {
  const { amount, description, period, tier, steamItemId } = subscriptionOf(world, record.subscriptionId);
  const current = isCurrent(world, record);
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

const subscriptionsOf = (world: World, userId: string) =>
  [...world.userSubscriptions.values()].filter((record) => record.userId === userId);

/** The requester's subscriptions still running. */
export function currentSubscriptions(world: World, actor: UserRecord): UserSubscriptionRecord[] {
  return subscriptionsOf(world, actor.id).filter((record) => isCurrent(world, record));
}

/** The requester's newest subscription, running or not. */
export function recentSubscription(world: World, actor: UserRecord): UserSubscriptionRecord {
  const newest = subscriptionsOf(world, actor.id).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  if (!newest) throw new ApiError(404, messages.noRecentSubscription);
  return newest;
}

/** Who may buy what: a running subscription rules out buying another, not giving one. */
export function subscriptionEligibility(world: World, actor: UserRecord, userId: string) {
  const user = ownEconomy(actor, userId);
  const subscribed = currentSubscriptions(world, user).length > 0;
  return {
    activeCancelledSubscription: subscriptionsOf(world, user.id).some((r) => !r.active && Date.parse(r.expires) > world.clock.now()),
    giftEligible: true,
    nonExtendVendorWillLoseGiftTime: false,
    purchaseEligible: !subscribed,
    subscriptionEligible: !subscribed,
    subscriptionOnAltAccount: false,
  };
}

const CreditsQuery = lazy(() => z.object({ subscriptionId: z.string().min(1, 'must not be empty') }));

/** Credits pay for a subscription the world sells, and only when none is running. */
export function creditsEligibility(world: World, actor: UserRecord, userId: string, query: Record<string, string>) {
  const user = ownEconomy(actor, userId);
  const { subscriptionId } = parseInput(CreditsQuery, query);
  if (!world.subscriptions.has(subscriptionId)) throw new ApiError(404, messages.subscriptionNotFound(subscriptionId));
  if (currentSubscriptions(world, user).length > 0) return { eligible: false, reason: 'You already have an active subscription.' };
  return { eligible: true };
}
