import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json } from '../../http/helpers.js';
import {
  currentSubscriptions,
  recentSubscription,
  subscriptionEligibility,
  subscriptionsOffered,
  subscriptionView,
  userSubscriptionView,
} from './subscriptions.js';
import { adminTransaction, adminTransactions, steamTransaction, steamTransactions, steamTransactionView } from './steam.js';
import { tiliaKyc } from './tilia.js';
import { payouts, payoutStatus, payoutView } from './payouts.js';
import { earningsMetrics } from './earnings.js';
import { giftPurchases, giftPurchaseView, tokenBundles } from './account-purchases.js';

/**
 * The economy of the requester's account: subscriptions, Steam transactions, Tilia, payouts, token bundles.
 * Tilia's status and terms and the seller and credits eligibility are retired (src/operations/retired.ts).
 */
export const accountEconomyRoutes = new Hono<AppEnv>();

accountEconomyRoutes.get('/subscriptions', (c) => json(c, subscriptionsOffered(c.get('sandbox'), c.req.query()).map(subscriptionView)));

accountEconomyRoutes.get('/auth/user/subscription', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    currentSubscriptions(sandbox, c.get('user')).map((r) => userSubscriptionView(sandbox, r)),
  );
});

accountEconomyRoutes.get('/user/subscription/recent', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, userSubscriptionView(sandbox, recentSubscription(sandbox, c.get('user'))));
});

accountEconomyRoutes.get('/users/:userId/subscription/eligible', (c) =>
  json(c, subscriptionEligibility(c.get('sandbox'), c.get('user'), c.req.param('userId'))),
);

accountEconomyRoutes.get('/Steam/transactions', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    steamTransactions(sandbox, c.get('user')).map((r) => steamTransactionView(sandbox, r)),
  );
});

accountEconomyRoutes.get('/Steam/transactions/:transactionId', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, steamTransactionView(sandbox, steamTransaction(sandbox, c.get('user'), c.req.param('transactionId'))));
});

accountEconomyRoutes.get('/Admin/transactions', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    adminTransactions(sandbox, c.get('user')).map((r) => steamTransactionView(sandbox, r)),
  );
});

accountEconomyRoutes.get('/Admin/transactions/:transactionId', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, steamTransactionView(sandbox, adminTransaction(sandbox, c.get('user'), c.req.param('transactionId'))));
});

accountEconomyRoutes.get('/user/:userId/tilia/kyc', (c) => json(c, tiliaKyc(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

accountEconomyRoutes.get('/user/:userId/economy/payouts/list', (c) =>
  json(c, { payouts: payouts(c.get('sandbox'), c.get('user'), c.req.param('userId')).map(payoutView) }),
);

accountEconomyRoutes.get('/user/:userId/economy/payouts/status', (c) =>
  json(c, payoutStatus(c.get('sandbox'), c.get('user'), c.req.param('userId'))),
);

accountEconomyRoutes.get('/economy/metrics/earnings', (c) => json(c, earningsMetrics(c.get('sandbox'), c.get('user'), c.req.query())));

accountEconomyRoutes.get('/tokenBundles', (c) => json(c, tokenBundles(c.get('sandbox'))));

accountEconomyRoutes.get('/user/bulk/gift/purchases', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    giftPurchases(sandbox, c.get('user'), c.req.query()).map((r) => giftPurchaseView(sandbox, r)),
  );
});
