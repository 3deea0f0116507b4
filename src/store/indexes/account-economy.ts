import type {
  GiftPurchaseRecord,
  PayoutRecord,
  SteamTransactionRecord,
  SubscriptionRecord,
  TiliaAccountRecord,
  TokenBundleRecord,
  UserSubscriptionRecord,
} from '../records/account-economy.js';
import { byId, collectionsOf, indexCollections, type Indexed, type Layout } from './collections.js';

/** The economy of each account: subscriptions, Steam transactions, the payment provider's account, payouts. */
export interface AccountEconomyData {
  /** The subscriptions for sale. */
  subscriptions: SubscriptionRecord[];
  /** Oldest first. */
  userSubscriptions: UserSubscriptionRecord[];
  steamTransactions: SteamTransactionRecord[];
  /** Each user's account with the payment provider. */
  tiliaAccounts: TiliaAccountRecord[];
  /** Oldest first. */
  payouts: PayoutRecord[];
  tokenBundles: TokenBundleRecord[];
  giftPurchases: GiftPurchaseRecord[];
}

const ACCOUNT_ECONOMY = {
  subscriptions: byId,
  userSubscriptions: (subscription: UserSubscriptionRecord) => subscription.transactionId,
  steamTransactions: byId,
  tiliaAccounts: (account: TiliaAccountRecord) => account.userId,
  payouts: 'list',
  tokenBundles: byId,
  giftPurchases: byId,
} satisfies Layout<AccountEconomyData>;

export type AccountEconomyIndex = Indexed<AccountEconomyData, typeof ACCOUNT_ECONOMY>;

export const indexAccountEconomy = (data: AccountEconomyData): AccountEconomyIndex => indexCollections(ACCOUNT_ECONOMY, data);

export const accountEconomyData = (index: AccountEconomyIndex): AccountEconomyData => collectionsOf(ACCOUNT_ECONOMY, index);
