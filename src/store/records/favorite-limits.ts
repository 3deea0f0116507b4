import type { FavoriteLimits, FavoriteType } from './favorites.js';

/**
 * The favorite groups every user has, by type, named as the real service names them; how many groups
 * a type has is its group limit. Every user gets the full (VRC+) set: nothing here has subscriptions.
 */
export const FAVORITE_GROUP_NAMES: Record<FavoriteType, readonly string[]> = {
  avatar: ['avatars1', 'avatars2', 'avatars3', 'avatars4', 'avatars5', 'avatars6'],
  friend: ['group_0', 'group_1', 'group_2'],
  vrcPlusWorld: ['vrcPlusWorlds1', 'vrcPlusWorlds2', 'vrcPlusWorlds3', 'vrcPlusWorlds4'],
  world: ['worlds1', 'worlds2', 'worlds3', 'worlds4'],
};

/** How many favorites one group holds; a type holds its groups times this. */
export const MAX_FAVORITES_PER_GROUP: Record<FavoriteType, number> = {
  avatar: 50,
  friend: 150,
  vrcPlusWorld: 100,
  world: 100,
};

/** What a group is called until its owner renames it. */
const DEFAULT_DISPLAY_NAMES: Record<FavoriteType, string> = {
  avatar: 'Avatars',
  friend: 'Group',
  vrcPlusWorld: 'VRC+ Worlds',
  world: 'Worlds',
};

export const defaultGroupDisplayName = (type: FavoriteType, index: number) => `${DEFAULT_DISPLAY_NAMES[type]} ${index + 1}`;

/** What GET /auth/user/favoritelimits answers; the add rules read the same tables. */
export const FAVORITE_LIMITS: FavoriteLimits = {
  defaultMaxFavoriteGroups: 4,
  defaultMaxFavoritesPerGroup: 25,
  maxFavoriteGroups: {
    avatar: FAVORITE_GROUP_NAMES.avatar.length,
    friend: FAVORITE_GROUP_NAMES.friend.length,
    vrcPlusWorld: FAVORITE_GROUP_NAMES.vrcPlusWorld.length,
    world: FAVORITE_GROUP_NAMES.world.length,
  },
  maxFavoritesPerGroup: MAX_FAVORITES_PER_GROUP,
};

/** The avatar group the n-th (from 0) avatar favorite of a generated or legacy list goes in: filled in order. */
export function avatarGroupOf(n: number): string {
  const names = FAVORITE_GROUP_NAMES.avatar;
  return names[Math.min(names.length - 1, Math.floor(n / MAX_FAVORITES_PER_GROUP.avatar))]!;
}
