import * as z from 'zod';
import { flag, idOf, strings, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

export const ProductType = lazy(() => z.enum(['inventory', 'listing', 'role', 'udon']));
export const ListingType = lazy(() => z.enum(['duration', 'instant', 'permanent', 'subscription']));

/** What each thing a seller offers has: whose it is, its name and description, when it was made and last changed. */
const SellerOfferingSchema = lazy(() =>
  z.object({
    sellerId: idOf('usr'),
    displayName: z.string().min(1),
    description: text(),
    created: timestamp(),
    updated: timestamp(),
  }),
);

/** A product or a listing: both have a prod_ id and an image. */
const ShopItemSchema = lazy(() => SellerOfferingSchema.extend({ id: idOf('prod'), imageId: idOf('file').nullable().default(null) }));

/** A Product: what a buyer gets (a licence to it) when they buy a listing that bundles it. */
export const ProductRecordSchema = lazy(() =>
  ShopItemSchema.extend({
    productType: ProductType.default('udon'),
    tags: strings(),
    useForSubscriberList: flag(),
    archived: flag(),
  }),
);
export type ProductRecord = z.infer<typeof ProductRecordSchema>;

/** A ProductListing: a priced offer of products, shown in the stores it names. */
export const ListingRecordSchema = lazy(() =>
  ShopItemSchema.extend({
    listingType: ListingType.default('permanent'),
    priceTokens: z.number().int().min(0),
    productIds: z.array(idOf('prod')).default(() => []),
    storeIds: z.array(idOf('esto')).default(() => []),
    active: flag(true),
  }),
);
export type ListingRecord = z.infer<typeof ListingRecordSchema>;

export const StoreShelfSchema = lazy(() =>
  z.object({
    id: idOf('ess'),
    shelfTitle: z.string(),
    shelfDescription: text(),
    shelfLayout: z.string().default('grid'),
    listingIds: z.array(idOf('prod')).default(() => []),
    updatedAt: timestamp(),
  }),
);
export type StoreShelf = z.infer<typeof StoreShelfSchema>;

/** A Store of a seller (a group's, a world's or the house's), its listings on shelves. */
export const StoreRecordSchema = lazy(() =>
  SellerOfferingSchema.extend({
    id: idOf('esto'),
    storeType: z.enum(['group', 'house', 'world']).default('group'),
    groupId: idOf('grp').optional(),
    worldId: idOf('wrld').optional(),
    tags: strings(),
    shelves: z.array(StoreShelfSchema).default(() => []),
  }),
);
export type StoreRecord = z.infer<typeof StoreRecordSchema>;

/**
 * A purchase of a listing: what the buyer paid, the licence to each product it gave, and both sides'
 * balances right after it (the transaction history shows them).
 */
export const PurchaseRecordSchema = lazy(() =>
  z.object({
    id: idOf('pur'),
    buyerId: idOf('usr'),
    sellerId: idOf('usr'),
    listingId: idOf('prod'),
    listingDisplayName: z.string(),
    listingDescription: text(),
    listingType: ListingType,
    listingImageId: idOf('file').nullable().default(null),
    unitPrice: z.number().int().min(0),
    quantity: z.number().int().min(1).default(1),
    /** The licence to each product, named as the product was named when bought. */
    licenses: z.array(z.object({ id: idOf('lic'), productId: idOf('prod'), productName: z.string() })).default(() => []),
    transactionId: z.number().int().min(1),
    buyerBalanceAfter: z.number().int(),
    sellerBalanceAfter: z.number().int(),
    date: timestamp(),
  }),
);
export type PurchaseRecord = z.infer<typeof PurchaseRecordSchema>;

/** A user's tokens: `standard` bought, `earnings` from sales. A user without a record has none. */
export const BalanceRecordSchema = lazy(() =>
  z.object({
    userId: idOf('usr'),
    standard: z.number().int().min(0).default(0),
    earnings: z.number().int().min(0).default(0),
  }),
);
export type BalanceRecord = z.infer<typeof BalanceRecordSchema>;

export const LicenseSchema = lazy(() =>
  z.object({
    forAction: z.enum(['have', 'wear']).default('have'),
    forId: z.string().min(1),
    forName: z.string().min(1),
    forType: z.enum(['avatar', 'licenseGroup', 'permission', 'product']).default('product'),
  }),
);

/** A LicenseGroup: a named bundle of licences. */
export const LicenseGroupRecordSchema = lazy(() =>
  z.object({
    id: idOf('lgrp'),
    name: z.string().min(1),
    description: text(),
    licenses: z.array(LicenseSchema).default(() => []),
  }),
);
export type LicenseGroupRecord = z.infer<typeof LicenseGroupRecordSchema>;
