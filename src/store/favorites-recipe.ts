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

/** Each hour's text, formatted once per recipe and shared by the favorites added at it. */
const hourTexts = new WeakMap<FavoritesRecipe, Map<number, string>>();

/** User u's favorites, oldest first; the same records whenever they are made. */
export function recipeFavorites(recipe: FavoritesRecipe, user: number): AvatarFavoriteRecord[] {
  let texts = hourTexts.get(recipe);
  if (!texts) hourTexts.set(recipe, (texts = new Map()));
  const favorites: AvatarFavoriteRecord[] = [];
  for (let k = recipe.starts[user]!; k < recipe.starts[user + 1]!; k++) {
    const hour = recipe.hours[k]!;
    let createdAt = texts.get(hour);
    if (createdAt === undefined) texts.set(hour, (createdAt = new Date(recipe.firstHour + hour * HOUR).toISOString()));
    favorites.push({ userId: recipe.userIds[user]!, avatarId: recipe.avatarIds[recipe.avatars[k]!]!, created_at: createdAt });
  }
  return favorites;
}
