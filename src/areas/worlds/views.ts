import type { FavoriteRecord } from '../../store/records/favorites.js';
import type { WorldRecord } from '../../store/records/worlds.js';
import type { Sandbox } from '../../store/sandbox.js';
import { occupantsOf } from '../../store/instance-state.js';
import { authorNameOf } from '../users/public.js';

/** How many users are in the world's instances now. */
export function occupantsOfWorld(sandbox: Sandbox, worldId: string): number {
  let occupants = 0;
  for (const instance of sandbox.instancesByWorld.get(worldId) ?? []) occupants += occupantsOf(sandbox, instance).length;
  return occupants;
}

/** The fields every listed world carries as its record holds them, occupants counted now. */
function listedWorldFields(sandbox: Sandbox, record: WorldRecord) {
  return {
    authorId: record.authorId,
    authorName: authorNameOf(sandbox, record),
    capacity: record.capacity,
    created_at: record.created_at,
    defaultContentSettings: record.defaultContentSettings,
    favorites: record.favorites,
    heat: record.heat,
    id: record.id,
    imageUrl: record.imageUrl,
    labsPublicationDate: record.labsPublicationDate,
    name: record.name,
    occupants: occupantsOfWorld(sandbox, record.id),
    organization: record.organization,
    popularity: record.popularity,
    previewYoutubeId: record.previewYoutubeId,
    publicationDate: record.publicationDate,
    recommendedCapacity: record.recommendedCapacity,
    releaseStatus: record.releaseStatus,
    tags: record.tags,
    thumbnailImageUrl: record.thumbnailImageUrl,
    udonProducts: record.udonProducts,
    updated_at: record.updated_at,
    visits: record.visits,
  };
}

/** The LimitedWorld search lists carry (storeId only when the world has one: the schema does not allow null). */
export function limitedWorldView(sandbox: Sandbox, record: WorldRecord) {
  return {
    ...listedWorldFields(sandbox, record),
    ...(record.storeId ? { storeId: record.storeId } : {}),
    unityPackages: record.unityPackages.map((p) => ({ created_at: p.created_at, platform: p.platform, unityVersion: p.unityVersion })),
  };
}

/**
 * The FavoritedWorld /worlds/favorites carries: the world, the favorite's id and its first group.
 * description only when there is one (the schema wants at least a character).
 */
export function favoritedWorldView(sandbox: Sandbox, record: WorldRecord, favorite: FavoriteRecord) {
  return {
    ...listedWorldFields(sandbox, record),
    ...(record.description ? { description: record.description } : {}),
    favoriteGroup: favorite.tags[0]!,
    favoriteId: favorite.id,
    featured: record.featured,
    unityPackages: record.unityPackages,
    urlList: record.urlList,
    version: Math.max(1, record.version),
  };
}
