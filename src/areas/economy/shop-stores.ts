import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { ListingRecord, StoreRecord, StoreShelf } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { nameOf, page } from './shop-access.js';
import { listingView } from './listings.js';

/** What a viewer sees of a store's listings: those for sale, and all of them for the seller. */
const visibleListing = (sandbox: Sandbox, viewer: UserRecord, listingId: string): ListingRecord | undefined => {
  const listing = sandbox.listings.get(listingId);
  return listing && (listing.active || listing.sellerId === viewer.id) ? listing : undefined;
};

const storeListings = (sandbox: Sandbox, viewer: UserRecord, store: StoreRecord) =>
  [...sandbox.listings.values()].filter((listing) => listing.storeIds.includes(store.id) && visibleListing(sandbox, viewer, listing.id));

function shelfView(sandbox: Sandbox, viewer: UserRecord, shelf: StoreShelf, hydrate: boolean) {
  const listings = shelf.listingIds.flatMap((id) => visibleListing(sandbox, viewer, id) ?? []);
  return {
    id: shelf.id,
    shelfTitle: shelf.shelfTitle,
    shelfDescription: shelf.shelfDescription,
    shelfLayout: shelf.shelfLayout,
    listingIds: listings.map((listing) => listing.id),
    ...(hydrate ? { listings: listings.map((listing) => listingView(sandbox, listing, true)) } : {}),
    updatedAt: shelf.updatedAt,
  };
}

export function storeView(
  sandbox: Sandbox,
  viewer: UserRecord,
  store: StoreRecord,
  hydrate: { listings?: boolean; products?: boolean } = {},
) {
  const listings = storeListings(sandbox, viewer, store);
  return {
    id: store.id,
    storeId: store.id,
    displayName: store.displayName,
    description: store.description,
    storeType: store.storeType,
    ...(store.groupId ? { groupId: store.groupId } : {}),
    ...(store.worldId ? { worldId: store.worldId } : {}),
    sellerId: store.sellerId,
    sellerDisplayName: nameOf(sandbox, store.sellerId),
    tags: store.tags,
    listingIds: listings.map((listing) => listing.id),
    ...(hydrate.listings ? { listings: listings.map((listing) => listingView(sandbox, listing, hydrate.products)) } : {}),
    shelfIds: store.shelves.map((shelf) => shelf.id),
    created: store.created,
    updated: store.updated,
  };
}

const StoresQuerySchema = lazy(() =>
  z.object({ ...pageParams(), sellerId: idOf('usr').optional(), managementPov: queryBool().optional() }),
);

/**
 * GET /economy/stores: the requester's own stores, as they manage them. As the live service does, a
 * request that does not name the requester as the seller (none, or another user) is a 400, and a
 * seller without a store is refused (403) rather than answered an empty list. Buyers reach a store by
 * its id (GET /economy/store).
 */
export function listStores(sandbox: Sandbox, actor: UserRecord, query: Record<string, string>): StoreRecord[] {
  const input = parseInput(StoresQuerySchema, query);
  if (input.sellerId !== actor.id) throw new ApiError(400, messages.sellerIdRequired);
  const stores = [...sandbox.stores.values()].filter((store) => store.sellerId === actor.id);
  if (stores.length === 0) throw new ApiError(403, messages.storesUnavailable);
  return page(stores, input);
}

const StoreQuerySchema = lazy(() =>
  z.object({
    storeId: idOf('esto'),
    hydrateListings: queryBool().optional(),
    hydrateProducts: queryBool().optional(),
    fetch: z.enum(['all', 'draft', 'preview', 'public', 'publicPreview']).optional(),
  }),
);

export function readStore(sandbox: Sandbox, query: Record<string, string>) {
  const input = parseInput(StoreQuerySchema, query);
  const store = sandbox.stores.get(input.storeId);
  if (!store) throw new ApiError(404, messages.storeNotFound);
  return { store, hydrate: { listings: input.hydrateListings ?? false, products: input.hydrateProducts ?? false } };
}

export function storeShelves(sandbox: Sandbox, viewer: UserRecord, query: Record<string, string>) {
  const { store, hydrate } = readStore(sandbox, query);
  return store.shelves.map((shelf) => shelfView(sandbox, viewer, shelf, hydrate.listings));
}
