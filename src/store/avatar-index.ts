import { hash32 } from '../random.js';
import type { AvatarFavoriteRecord, AvatarRecord } from '../schemas/avatars.js';
import { fillUnitySortNumbers } from '../schemas/unity-package.js';
import { avatarCount, recipeAvatar, recipeAvatarNumber, recipeFavorites, type AvatarsRecipe } from './avatars-recipe.js';
import { countedId } from './ids.js';
import { MadeOnDemand } from './made-on-demand.js';

/**
 * Avatars by id: the world's records, then its recipes' avatars, each made the first time it is read
 * (its id names its number) and kept from then on.
 */
export class AvatarsById {
  private readonly records = new Map<string, AvatarRecord>();
  private readonly planned: MadeOnDemand<AvatarsRecipe, AvatarRecord>;

  constructor(avatars: readonly AvatarRecord[], recipes: readonly AvatarsRecipe[]) {
    this.planned = new MadeOnDemand(recipes, recipeAvatar, recipeAvatarNumber);
    for (const avatar of avatars) {
      fillUnitySortNumbers(avatar.unityPackages);
      this.records.set(avatar.id, avatar);
    }
  }

  get(avatarId: string): AvatarRecord | undefined {
    return this.records.get(avatarId) ?? this.planned.byId(avatarId);
  }

  /** Every avatar, made if need be: records, then each recipe's in order. */
  *values(): IterableIterator<AvatarRecord> {
    yield* this.records.values();
    for (const recipe of this.planned.recipes) for (let i = 0; i < avatarCount(recipe); i++) yield this.planned.at(recipe, i);
  }
}

/** A user's favorites still in their recipe: its user number `user`. */
interface PlannedFavorites {
  recipe: AvatarsRecipe;
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
  plan(recipe: AvatarsRecipe, user: number): boolean {
    const userId = recipe.userIds[user]!;
    if (this.byUser.has(userId)) return false;
    this.byUser.set(userId, { recipe, user });
    return true;
  }
}

/** avatarId -> how many users favorited it (popularity): records counted one by one, recipes' favorites by number. */
export class FavoriteCounts {
  private readonly counted = new Map<string, number>();
  private readonly planned = new Map<AvatarsRecipe, Int32Array>();

  get(avatarId: string): number | undefined {
    let count = this.counted.get(avatarId) ?? 0;
    for (const [recipe, counts] of this.planned) {
      const number = recipeAvatarNumber(recipe, avatarId);
      if (number !== undefined) count += counts[number]!;
    }
    return count > 0 ? count : undefined;
  }

  add(avatarId: string): void {
    this.counted.set(avatarId, (this.counted.get(avatarId) ?? 0) + 1);
  }

  /** Per avatar of the recipe, how many of its planned favorites are of it. */
  addPlanned(recipe: AvatarsRecipe, counts: Int32Array): void {
    this.planned.set(recipe, counts);
  }
}

export interface AvatarIndex {
  readonly avatars: AvatarsById;
  readonly avatarFavorites: FavoritesByUser;
  readonly avatarFavoriteCounts: FavoriteCounts;
  /** Seeds the random and shuffle sorts, so one world always answers them in one order. */
  readonly avatarShuffleSeed: number;
}

export function indexAvatars(
  avatars: AvatarRecord[],
  favorites: AvatarFavoriteRecord[],
  recipes: readonly AvatarsRecipe[] = [],
): AvatarIndex {
  const count = recipes.reduce((sum, recipe) => sum + avatarCount(recipe), avatars.length);
  const first = avatars[0]?.id ?? (recipes[0] ? countedId(recipes[0].avatarPrefix, 0) : '');
  const index: AvatarIndex = {
    avatars: new AvatarsById(avatars, recipes),
    avatarFavorites: new FavoritesByUser(),
    avatarFavoriteCounts: new FavoriteCounts(),
    avatarShuffleSeed: hash32(`${count}:${first}`),
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
  index.avatarFavoriteCounts.add(favorite.avatarId);
}

/**
 * A recipe's favorites are distinct per user: its users' lists stay recipes and its avatars are
 * counted straight from its numbers. A user who already has favorites gets the recipe's one by one.
 */
function indexRecipe(index: AvatarIndex, recipe: AvatarsRecipe): void {
  const counts = new Int32Array(avatarCount(recipe));
  for (let user = 0; user < recipe.userIds.length; user++) {
    if (index.avatarFavorites.plan(recipe, user)) {
      for (let k = recipe.favoriteStarts[user]!; k < recipe.favoriteStarts[user + 1]!; k++) counts[recipe.favoriteAvatars[k]!]!++;
    } else {
      for (const favorite of recipeFavorites(recipe, user)) addAvatarFavorite(index, favorite);
    }
  }
  index.avatarFavoriteCounts.addPlanned(recipe, counts);
}
