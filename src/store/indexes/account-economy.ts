import type {
  GiftPurchaseRecord,
  PayoutRecord,
  SteamTransactionRecord,
  SubscriptionRecord,
  TiliaAccountRecord,
  TokenBundleRecord,
  UserSubscriptionRecord,
} from '../records/account-economy.js';

/** The economy of each account: subscriptions, Steam transactions, the payment provider's account, payouts. */
export interface AccountEconomyIndex {
  /** The subscriptions for sale, by id. */
  readonly subscriptions: Map<string, SubscriptionRecord>;
  /** By transaction id, oldest first. */
  readonly userSubscriptions: Map<string, UserSubscriptionRecord>;
  readonly steamTransactions: Map<string, SteamTransactionRecord>;
  /** userId -> the user's account with the payment provider. */
  readonly tiliaAccounts: Map<string, TiliaAccountRecord>;
  /** Oldest first. */
  readonly payouts: PayoutRecord[];
  readonly tokenBundles: Map<string, TokenBundleRecord>;
  readonly giftPurchases: Map<string, GiftPurchaseRecord>;
}

export interface AccountEconomyData {
  subscriptions: SubscriptionRecord[];
  userSubscriptions: UserSubscriptionRecord[];
  steamTransactions: SteamTransactionRecord[];
  tiliaAccounts: TiliaAccountRecord[];
  payouts: PayoutRecord[];
  tokenBundles: TokenBundleRecord[];
  giftPurchases: GiftPurchaseRecord[];
}

const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((r) => [r.id, r]));

export function indexAccountEconomy(data: AccountEconomyData): AccountEconomyIndex {
  return {
    subscriptions: byId(data.subscriptions),
    userSubscriptions: new Map(data.userSubscriptions.map((r) => [r.transactionId, r])),
    steamTransactions: byId(data.steamTransactions),
    tiliaAccounts: new Map(data.tiliaAccounts.map((r) => [r.userId, r])),
    payouts: [...data.payouts],
    tokenBundles: byId(data.tokenBundles),
    giftPurchases: byId(data.giftPurchases),
  };
}

/** The index read back out as fixture collections (what a snapshot keeps). */
export function accountEconomyData(index: AccountEconomyIndex): AccountEconomyData {
  return {
    subscriptions: [...index.subscriptions.values()],
    userSubscriptions: [...index.userSubscriptions.values()],
    steamTransactions: [...index.steamTransactions.values()],
    tiliaAccounts: [...index.tiliaAccounts.values()],
    payouts: [...index.payouts],
    tokenBundles: [...index.tokenBundles.values()],
    giftPurchases: [...index.giftPurchases.values()],
  };
}
