import type { BalanceRecord, LicenseGroupRecord, ListingRecord, ProductRecord, PurchaseRecord, StoreRecord } from '../records/shop.js';
import { byId, collectionsOf, indexCollections, type Indexed, type Layout } from './collections.js';

/** The economy's shop: products, their listings, the stores that shelve them, purchases and balances. */
export interface ShopData {
  products: ProductRecord[];
  listings: ListingRecord[];
  stores: StoreRecord[];
  /** Oldest first. */
  purchases: PurchaseRecord[];
  balances: BalanceRecord[];
  licenseGroups: LicenseGroupRecord[];
}

const SHOP = {
  products: byId,
  listings: byId,
  stores: byId,
  purchases: byId,
  balances: (balance: BalanceRecord) => balance.userId,
  licenseGroups: byId,
} satisfies Layout<ShopData>;

export type ShopIndex = Indexed<ShopData, typeof SHOP>;

export const indexShop = (data: ShopData): ShopIndex => indexCollections(SHOP, data);

export const shopData = (index: ShopIndex): ShopData => collectionsOf(SHOP, index);
