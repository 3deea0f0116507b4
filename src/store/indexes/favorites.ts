import type { AvatarFavoriteRecord } from '../records/avatars.js';
import type { FavoriteGroupRecord, FavoriteRecord, FavoriteType } from '../records/favorites.js';
import { avatarGroupOf } from '../records/favorite-limits.js';
import { recipeFavorites, type AvatarsRecipe } from '../recipes/avatars.js';
import { derivedId } from '../ids.js';
import { sameData } from '../recipes/recipes.js';
import type { Watchable, Watcher } from '../watched-map.js';

/** A user's favorites still in their recipe: its user number `user`. */
interface PlannedFavorites {
  recipe: AvatarsRecipe;
  user: number;
}

/**
 * userId -> their favorites of every type, oldest first: what every favorites list reads, never a
 * whole collection. An array each rather than a Map (a large sandbox holds 100k of them); a user holds
 * at most the sum of the group limits. Made from the recipe on the first read of a user whose
 * favorites were generated.
 */
export class FavoritesByUser implements Watchable {
  watcher: Watcher | undefined = undefined;
  private readonly byUser = new Map<string, FavoriteRecord[] | PlannedFavorites>();

  get(userId: string): FavoriteRecord[] | undefined {
    this.watcher?.reachKey(userId);
    const entry = this.byUser.get(userId);
    if (entry === undefined || Array.isArray(entry)) return entry;
    const made = recipeFavorites(entry.recipe, entry.user);
    this.byUser.set(userId, made);
    return made;
  }

  /** Every user's list, made if need be, in the order the users got their first favorite. */
  *values(): IterableIterator<FavoriteRecord[]> {
    this.watcher?.reachAll();
    for (const userId of this.byUser.keys()) yield this.get(userId)!;
  }

  /** The user's list, created empty if missing. */
  listOf(userId: string): FavoriteRecord[] {
    this.watcher?.reachKey(userId);
    let list = this.get(userId);
    if (!list) this.byUser.set(userId, (list = []));
    return list;
  }

  /**
   * The favorites as a database file keeps them, no list made: every list that is not as the
   * recipes left it, and the users of the recipes whose lists these are (they replace the recipes').
   */
  savedForm(recipes: readonly AvatarsRecipe[]): { favorites: FavoriteRecord[]; users: string[] } {
    const planned = new Map<string, PlannedFavorites>();
    for (const recipe of recipes) recipe.userIds.forEach((userId, user) => planned.has(userId) || planned.set(userId, { recipe, user }));
    const favorites: FavoriteRecord[] = [];
    const users: string[] = [];
    for (const [userId, entry] of this.byUser) {
      if (!Array.isArray(entry)) continue;
      const from = planned.get(userId);
      if (from && sameData(entry, recipeFavorites(from.recipe, from.user))) continue;
      favorites.push(...entry);
      if (from) users.push(userId);
    }
    return { favorites, users };
  }

  /** Adds the user's favorites of a recipe: kept as a recipe unless the user already has favorites. */
  plan(recipe: AvatarsRecipe, user: number): boolean {
    this.watcher?.reachAll();
    const userId = recipe.userIds[user]!;
    if (this.byUser.has(userId)) return false;
    this.byUser.set(userId, { recipe, user });
    return true;
  }
}

/**
 * Avatar favorites as older fixture sets hold them (avatarFavorites.json: no id, no group): each gets
 * an id its user and avatar always give, and the avatar groups in order, filled to their limit.
 */
export function fromAvatarFavorites(legacy: readonly AvatarFavoriteRecord[]): FavoriteRecord[] {
  const perUser = new Map<string, number>();
  return legacy.map((favorite) => {
    const n = perUser.get(favorite.userId) ?? 0;
    perUser.set(favorite.userId, n + 1);
    return {
      id: derivedId('fvrt', `${favorite.userId}/${favorite.avatarId}`),
      userId: favorite.userId,
      type: 'avatar',
      favoriteId: favorite.avatarId,
      tags: [avatarGroupOf(n)],
      created_at: favorite.created_at,
    };
  });
}

/** `<ownerId> <type> <name>`: the key of a favorite group. */
export const favoriteGroupKey = (ownerId: string, type: FavoriteType, name: string) => `${ownerId} ${type} ${name}`;

/** The favorite groups their owners changed, by favoriteGroupKey. */
export function indexFavoriteGroups(records: readonly FavoriteGroupRecord[]): Map<string, FavoriteGroupRecord> {
  const groups = new Map<string, FavoriteGroupRecord>();
  for (const record of records) groups.set(favoriteGroupKey(record.ownerId, record.type, record.name), record);
  return groups;
}
