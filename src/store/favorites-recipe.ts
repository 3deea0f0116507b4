import type { AvatarFavoriteRecord } from '../schemas/avatars.js';

const HOUR = 3_600_000;

/**
 * Generated favorites kept as numbers, user by user, until a read needs a user's list: half a million
 * favorites cost a few typed arrays instead of half a million records and their index entries. Plain
 * data, so a world's data with it still clones and compares as data.
 */
export interface FavoritesRecipe {
  /** The users, in order: user u's favorites are [starts[u], starts[u + 1]). */
  userIds: string[];
  starts: Int32Array;
  avatarIds: string[];
  /** Per favorite: which of avatarIds, and the hour from `firstHour` (epoch ms) it was added at. */
  avatars: Int32Array;
  hours: Int32Array;
  firstHour: number;
}

/** User u's favorites, oldest first; the same records whenever they are made. */
export function recipeFavorites(recipe: FavoritesRecipe, user: number): AvatarFavoriteRecord[] {
  const favorites: AvatarFavoriteRecord[] = [];
  for (let k = recipe.starts[user]!; k < recipe.starts[user + 1]!; k++) {
    favorites.push({
      userId: recipe.userIds[user]!,
      avatarId: recipe.avatarIds[recipe.avatars[k]!]!,
      created_at: new Date(recipe.firstHour + recipe.hours[k]! * HOUR).toISOString(),
    });
  }
  return favorites;
}
