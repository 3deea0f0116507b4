import { hash32 } from '../random.js';
import type { AvatarFavoriteRecord, AvatarRecord } from '../schemas/avatars.js';
import { fillUnitySortNumbers } from '../schemas/unity-package.js';
import { recipeFavorites, type FavoritesRecipe } from './favorites-recipe.js';

/** A user's favorites still in their recipe: its user number `user`. */
interface PlannedFavorites {
  recipe: FavoritesRecipe;
  user: number;
}

/**
 * userId -> their favorites, oldest first: what the favorites list reads, never the whole avatar
 * collection. An array each rather than a Map (a large world holds 100k of them), made from the
 * recipe on the first read of a user whose favorites were generated.
 */
export class FavoritesByUser {
  private readonly byUser = new Map<string, AvatarFavoriteRecord[] | PlannedFavorites>();

  get(userId: string): AvatarFavoriteRecord[] | undefined {
    const entry = this.byUser.get(userId);
    if (entry === undefined || Array.isArray(entry)) return entry;
    const made = recipeFavorites(entry.recipe, entry.user);
    this.byUser.set(userId, made);
    return made;
  }

  /** Every user's list, made if need be, in the order the users got their first favorite. */
  *values(): IterableIterator<AvatarFavoriteRecord[]> {
    for (const userId of this.byUser.keys()) yield this.get(userId)!;
  }

  /** The user's list, created empty if missing. */
  listOf(userId: string): AvatarFavoriteRecord[] {
    let list = this.get(userId);
    if (!list) this.byUser.set(userId, (list = []));
    return list;
  }

  /** Adds the user's favorites of a recipe: kept as a recipe unless the user already has favorites. */
  plan(recipe: FavoritesRecipe, user: number): boolean {
    const userId = recipe.userIds[user]!;
    if (this.byUser.has(userId)) return false;
    this.byUser.set(userId, { recipe, user });
    return true;
  }
}

export interface AvatarIndex {
  readonly avatars: Map<string, AvatarRecord>;
  readonly avatarFavorites: FavoritesByUser;
  /** avatarId -> how many users favorited it (popularity). */
  readonly avatarFavoriteCounts: Map<string, number>;
  /** Seeds the random and shuffle sorts, so one world always answers them in one order. */
  readonly avatarShuffleSeed: number;
}

export function indexAvatars(
  avatars: AvatarRecord[],
  favorites: AvatarFavoriteRecord[],
  recipes: readonly FavoritesRecipe[] = [],
): AvatarIndex {
  const byId = new Map<string, AvatarRecord>();
  for (const avatar of avatars) {
    fillUnitySortNumbers(avatar.unityPackages);
    byId.set(avatar.id, avatar);
  }
  const index: AvatarIndex = {
    avatars: byId,
    avatarFavorites: new FavoritesByUser(),
    avatarFavoriteCounts: new Map(),
    avatarShuffleSeed: hash32(`${avatars.length}:${avatars[0]?.id ?? ''}`),
  };
  for (const favorite of favorites) addAvatarFavorite(index, favorite);
  for (const recipe of recipes) indexRecipe(index, recipe);
  return index;
}

/** Adds a favorite; a second favorite of one avatar by one user is ignored. */
export function addAvatarFavorite(index: AvatarIndex, favorite: AvatarFavoriteRecord): void {
  const ofUser = index.avatarFavorites.listOf(favorite.userId);
  if (ofUser.some((other) => other.avatarId === favorite.avatarId)) return;
  ofUser.push(favorite);
  index.avatarFavoriteCounts.set(favorite.avatarId, (index.avatarFavoriteCounts.get(favorite.avatarId) ?? 0) + 1);
}

/**
 * A recipe's favorites are distinct per user: its users' lists stay recipes and its avatars are
 * counted straight from its numbers. A user who already has favorites gets the recipe's one by one.
 */
function indexRecipe(index: AvatarIndex, recipe: FavoritesRecipe): void {
  const counts = new Int32Array(recipe.avatarIds.length);
  for (let user = 0; user < recipe.userIds.length; user++) {
    if (index.avatarFavorites.plan(recipe, user)) {
      for (let k = recipe.starts[user]!; k < recipe.starts[user + 1]!; k++) counts[recipe.avatars[k]!]!++;
    } else {
      for (const favorite of recipeFavorites(recipe, user)) addAvatarFavorite(index, favorite);
    }
  }
  counts.forEach((count, avatar) => {
    if (count === 0) return;
    const avatarId = recipe.avatarIds[avatar]!;
    index.avatarFavoriteCounts.set(avatarId, (index.avatarFavoriteCounts.get(avatarId) ?? 0) + count);
  });
}
