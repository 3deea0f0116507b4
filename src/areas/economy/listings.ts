import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { pageParams, queryBool } from '../../schema/query.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import { ListingType, type ListingRecord, type ProductRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { nameOf, page, requireSeller } from './shop-access.js';
import { getProduct, productView } from './products.js';
import { guardGrowth } from '../../store/growth.js';

const CreateListingSchema = lazy(() =>
  z.object({
    displayName: z.string().min(1),
    description: z.string(),
    imageId: idOf('file').nullable().default(null),
    listingType: ListingType,
    priceTokens: z.number().int().min(0),
    productIds: z.array(idOf('prod')),
    storeIds: z.array(idOf('esto')),
    active: z.boolean().default(true),
  }),
);

const HydrateSchema = lazy(() => z.object({ hydrate: queryBool().default(false) }));

/** The `hydrate` query flag of the listing operations, checked before the listing is looked up. */
export const hydrateOf = (query: Record<string, string>) => parseInput(HydrateSchema, query).hydrate;

const UpdateListingSchema = lazy(() => z.object({ active: z.boolean() }));

/** A listing as ProductListing: its products' ids always, the products themselves as `hydratedProducts` when asked to hydrate. */
export function listingView(sandbox: Sandbox, listing: ListingRecord, hydrate = false) {
  const records = listing.productIds.flatMap((id) => sandbox.products.get(id) ?? []);
  return {
    id: listing.id,
    displayName: listing.displayName,
    description: listing.description,
    imageId: listing.imageId,
    imageUrl: null,
    listingType: listing.listingType,
    productType: 'listing',
    priceTokens: listing.priceTokens,
    productIds: listing.productIds,
    products: records.map((product) => product.id),
    ...(hydrate ? { hydratedProducts: records.map((product) => productView(sandbox, product)) } : {}),
    storeIds: listing.storeIds,
    active: listing.active,
    archived: false,
    permanent: listing.listingType === 'permanent',
    recurrable: listing.listingType === 'subscription',
    refundable: false,
    buyerRefundable: false,
    stackable: false,
    quantifiable: false,
    hasAvatar: false,
    hasUdon: records.some((product) => product.productType === 'udon'),
    sellerId: listing.sellerId,
    sellerDisplayName: nameOf(sandbox, listing.sellerId),
    created: listing.created,
    updated: listing.updated,
  };
}

/** A product read through `GET /products/{id}`, which answers in the listing's shape. */
export function productAsListingView(sandbox: Sandbox, product: ProductRecord) {
  return {
    ...listingView(sandbox, {
      id: product.id,
      sellerId: product.sellerId,
      displayName: product.displayName,
      description: product.description,
      imageId: product.imageId,
      listingType: 'permanent',
      priceTokens: 0,
      productIds: [product.id],
      storeIds: [],
      active: !product.archived,
      created: product.created,
      updated: product.updated,
    }),
    productType: product.productType,
  };
}

export function getListing(sandbox: Sandbox, listingId: string): ListingRecord {
  const listing = sandbox.listings.get(listingId);
  if (!listing) throw new ApiError(404, messages.listingNotFound);
  return listing;
}

/** A listing may bundle only its seller's products and be shelved only in its seller's stores. */
export function createListing(sandbox: Sandbox, actor: UserRecord, body: unknown): ListingRecord {
  const input = parseInput(CreateListingSchema, body);
  for (const id of input.productIds) requireSeller(actor, getProduct(sandbox, id));
  const stores = input.storeIds.map((id) => {
    const store = sandbox.stores.get(id);
    if (!store) throw new ApiError(404, messages.storeNotFound);
    requireSeller(actor, store);
    return store;
  });
  guardGrowth(sandbox, 'listings', actor.id);
  const now = isoNow(sandbox.clock);
  const listing: ListingRecord = { id: newId('prod'), sellerId: actor.id, ...input, created: now, updated: now };
  sandbox.listings.set(listing.id, listing);
  for (const store of stores) {
    const shelf = store.shelves[0];
    if (shelf) {
      shelf.listingIds.push(listing.id);
      shelf.updatedAt = now;
    }
  }
  return listing;
}

export function updateListing(sandbox: Sandbox, actor: UserRecord, listingId: string, body: unknown): ListingRecord {
  const listing = getListing(sandbox, listingId);
  requireSeller(actor, listing);
  listing.active = parseInput(UpdateListingSchema, body).active;
  listing.updated = isoNow(sandbox.clock);
  return listing;
}

/** The listing goes from every shelf; purchases of it stay, as a receipt does. */
export function deleteListing(sandbox: Sandbox, actor: UserRecord, listingId: string): void {
  const listing = getListing(sandbox, listingId);
  requireSeller(actor, listing);
  sandbox.listings.delete(listing.id);
  for (const store of sandbox.stores.values()) {
    for (const shelf of store.shelves) shelf.listingIds = shelf.listingIds.filter((id) => id !== listing.id);
  }
}

const ListQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    active: queryBool().optional(),
    listingType: ListingType.optional(),
    hydrate: queryBool().optional(),
  }),
);

/**
 * GET /user/{userId}/listings: the requester's own listings, on sale or not. Another user's are refused
 * before anything is looked up, as the live service does (a buyer finds listings through stores).
 */
export function listUserListings(sandbox: Sandbox, actor: UserRecord, userId: string, query: Record<string, string>): ListingRecord[] {
  if (userId !== actor.id) throw new ApiError(403, messages.accessDenied);
  const input = parseInput(ListQuerySchema, query);
  const listings = [...sandbox.listings.values()].filter(
    (listing) =>
      listing.sellerId === actor.id &&
      (input.active === undefined || listing.active === input.active) &&
      (input.listingType === undefined || listing.listingType === input.listingType),
  );
  return page(listings, input);
}
