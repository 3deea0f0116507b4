import * as z from 'zod';
import { lazy } from '../../schema/lazy.js';
import { queryBool } from '../../schema/query.js';
import { parseInput } from '../../http/validation.js';
import type { GiftPurchaseRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { subscriptionOf, subscriptionView } from './subscriptions.js';

export const tokenBundles = (sandbox: Sandbox) => [...sandbox.tokenBundles.values()];

export function giftPurchaseView(sandbox: Sandbox, record: GiftPurchaseRecord) {
  return {
    id: record.id,
    userId: record.userId,
    subscription: subscriptionView(subscriptionOf(sandbox, record.subscriptionId)),
    quantity: record.quantity,
    redeemed: record.redeemed,
    remaining: record.quantity - record.redeemed,
    created_at: record.created_at,
  };
}

const GiftQuery = lazy(() => z.object({ mostRecent: queryBool().optional() }));

/** The requester's bulk gift purchases, newest first; `mostRecent=true` keeps the newest alone. */
export function giftPurchases(sandbox: Sandbox, actor: UserRecord, query: Record<string, string>): GiftPurchaseRecord[] {
  const { mostRecent } = parseInput(GiftQuery, query);
  const mine = [...sandbox.giftPurchases.values()]
    .filter((record) => record.userId === actor.id)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return mostRecent ? mine.slice(0, 1) : mine;
}
