import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json, jsonBody } from '../../http/helpers.js';
import {
  creditsEligibility,
  currentSubscriptions,
  recentSubscription,
  subscriptionEligibility,
  subscriptionView,
  userSubscriptionView,
} from './subscriptions.js';
import { steamTransaction, steamTransactions, steamTransactionView } from './steam.js';
import { sellerEligibility, tiliaKyc, tiliaStatus, tiliaTos, updateTiliaTos } from './tilia.js';
import { payouts, payoutStatus, payoutView } from './payouts.js';
import { earningsMetrics } from './earnings.js';
import { giftPurchases, giftPurchaseView, tokenBundles } from './account-purchases.js';

/** The economy of the requester's account: subscriptions, Steam transactions, Tilia, payouts, token bundles. */
export const accountEconomyRoutes = new Hono<AppEnv>();

accountEconomyRoutes.get('/subscriptions', (c) => json(c, [...c.get('world').subscriptions.values()].map(subscriptionView)));

accountEconomyRoutes.get('/auth/user/subscription', (c) => {
  const world = c.get('world');
  return json(
    c,
    currentSubscriptions(world, c.get('user')).map((r) => userSubscriptionView(world, r)),
  );
});

accountEconomyRoutes.get('/user/subscription/recent', (c) => {
  const world = c.get('world');
  return json(c, userSubscriptionView(world, recentSubscription(world, c.get('user'))));
});

accountEconomyRoutes.get('/users/:userId/subscription/eligible', (c) =>
  json(c, subscriptionEligibility(c.get('world'), c.get('user'), c.req.param('userId'))),
);

accountEconomyRoutes.get('/users/:userId/credits/eligible', (c) =>
  json(c, creditsEligibility(c.get('world'), c.get('user'), c.req.param('userId'), c.req.query())),
);

accountEconomyRoutes.get('/economy/seller/eligibility', (c) => json(c, sellerEligibility(c.get('world'), c.get('user'))));

accountEconomyRoutes.get('/Steam/transactions', (c) => {
  const world = c.get('world');
  return json(
    c,
    steamTransactions(world, c.get('user')).map((r) => steamTransactionView(world, r)),
  );
});

accountEconomyRoutes.get('/Steam/transactions/:transactionId', (c) => {
  const world = c.get('world');
  return json(c, steamTransactionView(world, steamTransaction(world, c.get('user'), c.req.param('transactionId'))));
});

accountEconomyRoutes.get('/tilia/status', (c) => json(c, tiliaStatus()));

accountEconomyRoutes.get('/user/:userId/tilia/kyc', (c) => json(c, tiliaKyc(c.get('world'), c.get('user'), c.req.param('userId'))));

accountEconomyRoutes.get('/user/:userId/tilia/tos', (c) => json(c, tiliaTos(c.get('world'), c.get('user'), c.req.param('userId'))));

accountEconomyRoutes.put('/user/:userId/tilia/tos', async (c) =>
  json(c, updateTiliaTos(c.get('world'), c.get('user'), c.req.param('userId'), await jsonBody(c))),
);

accountEconomyRoutes.get('/user/:userId/economy/payouts/list', (c) =>
  json(c, { payouts: payouts(c.get('world'), c.get('user'), c.req.param('userId')).map(payoutView) }),
);

accountEconomyRoutes.get('/user/:userId/economy/payouts/status', (c) =>
  json(c, payoutStatus(c.get('world'), c.get('user'), c.req.param('userId'))),
);

accountEconomyRoutes.get('/economy/metrics/earnings', (c) => json(c, earningsMetrics(c.get('world'), c.get('user'), c.req.query())));

accountEconomyRoutes.get('/tokenBundles', (c) => json(c, tokenBundles(c.get('world'))));

accountEconomyRoutes.get('/user/bulk/gift/purchases', (c) => {
  const world = c.get('world');
  return json(
    c,
    giftPurchases(world, c.get('user'), c.req.query()).map((r) => giftPurchaseView(world, r)),
  );
});
