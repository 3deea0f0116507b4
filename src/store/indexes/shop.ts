import type { BalanceRecord, LicenseGroupRecord, ListingRecord, ProductRecord, PurchaseRecord, StoreRecord } from '../records/shop.js';

/** The economy's shop: products, their listings, the stores that shelve them, purchases and balances. */
export interface ShopIndex {
  readonly products: Map<string, ProductRecord>;
  readonly listings: Map<string, ListingRecord>;
  readonly stores: Map<string, StoreRecord>;
  /** By id, oldest first. */
  readonly purchases: Map<string, PurchaseRecord>;
  /** By user id. */
  readonly balances: Map<string, BalanceRecord>;
  readonly licenseGroups: Map<string, LicenseGroupRecord>;
}

export interface ShopData {
  products: ProductRecord[];
  listings: ListingRecord[];
  stores: StoreRecord[];
  purchases: PurchaseRecord[];
  balances: BalanceRecord[];
  licenseGroups: LicenseGroupRecord[];
}

const byKey = <T>(records: T[], key: (record: T) => string) => new Map(records.map((record) => [key(record), record]));

export function indexShop(data: ShopData): ShopIndex {
  return {
    products: byKey(data.products, (r) => r.id),
    listings: byKey(data.listings, (r) => r.id),
    stores: byKey(data.stores, (r) => r.id),
    purchases: byKey(data.purchases, (r) => r.id),
    balances: byKey(data.balances, (r) => r.userId),
    licenseGroups: byKey(data.licenseGroups, (r) => r.id),
  };
}

export function shopData(index: ShopIndex): ShopData {
  return {
    products: [...index.products.values()],
    listings: [...index.listings.values()],
    stores: [...index.stores.values()],
    purchases: [...index.purchases.values()],
    balances: [...index.balances.values()],
    licenseGroups: [...index.licenseGroups.values()],
  };
}
