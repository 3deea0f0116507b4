import { hash32 } from '../random.js';
import type { AvatarFavoriteRecord, AvatarRecord } from '../schemas/avatars.js';
import { fillUnitySortNumbers } from '../schemas/unity-package.js';

export interface AvatarIndex {
  readonly avatars: Map<string, AvatarRecord>;
  /**
   * userId -> their favorites, oldest first: what the favorites list reads, never the whole avatar
   * collection. An array rather than a Map each: a large world holds 100k of them.
   */
  readonly avatarFavorites: Map<string, AvatarFavoriteRecord[]>;
  /** avatarId -> how many users favorited it (popularity). */
  readonly avatarFavoriteCounts: Map<string, number>;
  /** Seeds the random and shuffle sorts, so one world always answers them in one order. */
  readonly avatarShuffleSeed: number;
}

export function indexAvatars(avatars: AvatarRecord[], favorites: AvatarFavoriteRecord[]): AvatarIndex {
  const byId = new Map<string, AvatarRecord>();
  for (const avatar of avatars) {
    fillUnitySortNumbers(avatar.unityPackages);
    byId.set(avatar.id, avatar);
  }
  const index: AvatarIndex = {
    avatars: byId,
    avatarFavorites: new Map(),
    avatarFavoriteCounts: new Map(),
    avatarShuffleSeed: hash32(`${avatars.length}:${avatars[0]?.id ?? ''}`),
  };
  for (const favorite of favorites) addAvatarFavorite(index, favorite);
  return index;
}

/** Adds a favorite; a second favorite of one avatar by one user is ignored. */
export function addAvatarFavorite(index: AvatarIndex, favorite: AvatarFavoriteRecord): void {
  let ofUser = index.avatarFavorites.get(favorite.userId);
  if (!ofUser) index.avatarFavorites.set(favorite.userId, (ofUser = []));
  else if (ofUser.some((other) => other.avatarId === favorite.avatarId)) return;
  ofUser.push(favorite);
  index.avatarFavoriteCounts.set(favorite.avatarId, (index.avatarFavoriteCounts.get(favorite.avatarId) ?? 0) + 1);
}
