import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { ListingRecord, StoreRecord, StoreShelf } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';
import { nameOf, page } from './shop-access.js';
import { listingView } from './listings.js';

/** What a viewer sees of a store's listings: those for sale, and all of them for the seller. */
const visibleListing = (world: World, viewer: UserRecord, listingId: string): ListingRecord | undefined => {
  const listing = world.listings.get(listingId);
  return listing && (listing.active || listing.sellerId === viewer.id) ? listing : undefined;
};

const storeListings = (world: World, viewer: UserRecord, store: StoreRecord) =>
  [...world.listings.values()].filter((listing) => listing.storeIds.includes(store.id) && visibleListing(world, viewer, listing.id));

function shelfView(world: World, viewer: UserRecord, shelf: StoreShelf, hydrate: boolean) {
  const listings = shelf.listingIds.flatMap((id) => visibleListing(world, viewer, id) ?? []);
  return {
    id: shelf.id,
    shelfTitle: shelf.shelfTitle,
    shelfDescription: shelf.shelfDescription,
    shelfLayout: shelf.shelfLayout,
    listingIds: listings.map((listing) => listing.id),
    ...(hydrate ? { listings: listings.map((listing) => listingView(world, listing, true)) } : {}),
    updatedAt: shelf.updatedAt,
  };
}

export function storeView(world: World, viewer: UserRecord, store: StoreRecord, hydrate: { listings?: boolean; products?: boolean } = {}) {
  const listings = storeListings(world, viewer, store);
  return {
    id: store.id,
    storeId: store.id,
    displayName: store.displayName,
    description: store.description,
    storeType: store.storeType,
    ...(store.groupId ? { groupId: store.groupId } : {}),
    ...(store.worldId ? { worldId: store.worldId } : {}),
    sellerId: store.sellerId,
    sellerDisplayName: nameOf(world, store.sellerId),
    tags: store.tags,
    listingIds: listings.map((listing) => listing.id),
    ...(hydrate.listings ? { listings: listings.map((listing) => listingView(world, listing, hydrate.products)) } : {}),
    shelfIds: store.shelves.map((shelf) => shelf.id),
    created: store.created,
    updated: store.updated,
  };
}

const StoresQuerySchema = lazy(() =>
  z.object({ ...pageParams(), sellerId: idOf('usr').optional(), managementPov: queryBool().optional() }),
);

export function listStores(world: World, query: Record<string, string>): StoreRecord[] {
  const input = parseInput(StoresQuerySchema, query);
  const stores = [...world.stores.values()].filter((store) => input.sellerId === undefined || store.sellerId === input.sellerId);
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

export function readStore(world: World, query: Record<string, string>) {
  const input = parseInput(StoreQuerySchema, query);
  const store = world.stores.get(input.storeId);
  if (!store) throw new ApiError(404, messages.storeNotFound);
  return { store, hydrate: { listings: input.hydrateListings ?? false, products: input.hydrateProducts ?? false } };
}

export function storeShelves(world: World, viewer: UserRecord, query: Record<string, string>) {
  const { store, hydrate } = readStore(world, query);
  return store.shelves.map((shelf) => shelfView(world, viewer, shelf, hydrate.listings));
}
