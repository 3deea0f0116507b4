import * as z from 'zod';
import { count, flag, idOf, strings, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

export const SubscriptionPeriod = lazy(() => z.enum(['day', 'hour', 'month', 'week', 'year']));
export const TransactionStatus = lazy(() => z.enum(['active', 'chargeback', 'expired', 'failed']));

/** A subscription the service sells (`vrchatplus-monthly`, ...): the same for every user. */
export const SubscriptionRecordSchema = lazy(() =>
  z.object({
    id: z.string().min(1),
    description: z.string(),
    amount: z.number(),
    period: SubscriptionPeriod.default('month'),
    tier: count(),
    steamItemId: z.string().min(1),
    appleProductId: z.string().min(1).optional(),
    googleProductId: z.string().min(1).optional(),
    googlePlanId: z.string().optional(),
    oculusSku: z.string().min(1).optional(),
    picoSku: z.string().min(1).optional(),
  }),
);
export type SubscriptionRecord = z.infer<typeof SubscriptionRecordSchema>;

/** A user's subscription: which one, bought through which transaction (its key), for how long. */
export const UserSubscriptionRecordSchema = lazy(() =>
  z.object({
    userId: idOf('usr'),
    subscriptionId: z.string().min(1),
    transactionId: idOf('txn'),
    store: z.string().default('Steam'),
    status: TransactionStatus.default('active'),
    active: flag(true),
    isGift: flag(),
    isBulkGift: flag(),
    licenseGroups: strings(),
    starts: text(),
    expires: timestamp(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
);
export type UserSubscriptionRecord = z.infer<typeof UserSubscriptionRecordSchema>;

/** A purchase a user made through Steam; `subscriptionId` names what it bought. */
export const SteamTransactionRecordSchema = lazy(() =>
  z.object({
    id: idOf('txn'),
    userId: idOf('usr'),
    subscriptionId: z.string().min(1),
    status: TransactionStatus.default('active'),
    sandbox: flag(),
    isGift: flag(),
    isTokens: flag(),
    error: z.string().nullable().default(null),
    steam: z.object({
      orderId: z.string().min(1),
      steamId: z.string().min(1),
      transId: z.string().min(1),
      country: z.string().min(2).default('US'),
      currency: z.string().min(3).default('USD'),
      walletStatus: z.string().min(1).default('Trusted'),
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
);
export type SteamTransactionRecord = z.infer<typeof SteamTransactionRecordSchema>;

/** A user's account with the payment provider: whether they signed its terms and where their KYC stands. */
export const TiliaAccountRecordSchema = lazy(() =>
  z.object({
    userId: idOf('usr'),
    accountId: z.string().min(1),
    signedTos: flag(),
    kycId: text(),
    kycState: z.string().default('NONE'),
    piiLevel: z.string().default('NONE'),
  }),
);
export type TiliaAccountRecord = z.infer<typeof TiliaAccountRecordSchema>;

/** A payout of a creator's earned tokens; `status` `pending` is the one still under way. */
export const PayoutRecordSchema = lazy(() =>
  z.object({
    userId: idOf('usr'),
    paymentOutId: z.number().int(),
    transactionId: z.number().int(),
    tokens: z.number().int().min(0),
    usdCents: z.number().int().min(0),
    platform: z.string().default('Tilia'),
    status: z.enum(['pending', 'completed', 'failed', 'reversed']).default('completed'),
    created: timestamp(),
    updated: timestamp(),
  }),
);
export type PayoutRecord = z.infer<typeof PayoutRecordSchema>;

/** A bundle of tokens for sale: `amount` is its price, `tokens` what it gives. */
export const TokenBundleRecordSchema = lazy(() =>
  z.object({
    id: z.string().min(1),
    description: z.string(),
    amount: z.number().int(),
    tokens: z.number().int(),
    imageUrl: text(),
    steamItemId: text(),
    appleProductId: text(),
    googleProductId: text(),
    oculusSku: text(),
  }),
);
export type TokenBundleRecord = z.infer<typeof TokenBundleRecordSchema>;

/** Subscriptions a user bought in bulk to give away. */
export const GiftPurchaseRecordSchema = lazy(() =>
  z.object({
    id: idOf('txn'),
    userId: idOf('usr'),
    subscriptionId: z.string().min(1),
    quantity: z.number().int().min(1),
    redeemed: count(),
    created_at: timestamp(),
  }),
);
export type GiftPurchaseRecord = z.infer<typeof GiftPurchaseRecordSchema>;
