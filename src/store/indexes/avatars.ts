import { hash32 } from '../random.js';
import type { AvatarRecord } from '../records/avatars.js';
import type { FavoriteRecord } from '../records/favorites.js';
import { FavoritesByUser } from './favorites.js';
import { fillUnitySortNumbers } from '../records/unity-package.js';
import {
  avatarCount,
  recipeAvatar,
  recipeAvatarAuthor,
  recipeAvatarNumber,
  recipeFavorites,
  type AvatarsRecipe,
} from '../recipes/avatars.js';
import { countedId } from '../ids.js';
import { MadeOnDemand } from '../made-on-demand.js';
import { sameData, type RecipeEdits } from '../recipes/recipes.js';
import type { Watchable, Watcher } from '../watched-map.js';

/**
 * Avatars by id: the sandbox's records, then its recipes' avatars, each made the first time it is read
 * (its id names its number) and kept from then on.
 */
export class AvatarsById implements Watchable {
  watcher: Watcher | undefined = undefined;
  readonly keyedBy = 'id';
  private readonly records = new Map<string, AvatarRecord>();
  private readonly planned: MadeOnDemand<AvatarsRecipe, AvatarRecord>;
  /** Generated avatars deleted since: their recipe would make them again. */
  private readonly deleted = new Set<string>();
  /** Generated avatars that may no longer bear their recipe's name or author: renamed, or made again under their id. */
  private readonly changed = new Set<string>();
  /** Per recipe, authorId -> its avatars' numbers; made on the first read by author. */
  private readonly recipeAuthors = new Map<AvatarsRecipe, Map<string, number[]>>();

  /** With `edits` (from a database file), an avatar whose id a recipe makes stands in for the recipe's. */
  constructor(avatars: readonly AvatarRecord[], recipes: readonly AvatarsRecipe[], edits?: RecipeEdits) {
    this.planned = new MadeOnDemand(recipes, recipeAvatar, recipeAvatarNumber);
    for (const avatar of avatars) {
      fillUnitySortNumbers(avatar.unityPackages);
      if (edits && this.planned.put(avatar.id, avatar)) this.changed.add(avatar.id);
      else this.records.set(avatar.id, avatar);
    }
    for (const id of edits?.gone ?? []) if (this.planned.placeOf(id)) this.deleted.add(id);
  }

  /** The avatars as a database file keeps them, no recipe avatar made: the records, the recipe ones a write changed, and those gone. */
  savedForm(): { avatars: AvatarRecord[]; gone: string[] } {
    const avatars = [...this.records.values()];
    for (const [recipe, number, avatar] of this.planned.madeSoFar()) {
      if (!this.deleted.has(avatar.id) && !sameData(avatar, recipeAvatar(recipe, number))) avatars.push(avatar);
    }
    return { avatars, gone: [...this.deleted].filter((id) => this.planned.placeOf(id)) };
  }

  /** The recipes the sandbox's generated avatars come from. */
  get recipes(): readonly AvatarsRecipe[] {
    return this.planned.recipes;
  }

  get(avatarId: string): AvatarRecord | undefined {
    this.watcher?.reachKey(avatarId);
    const record = this.records.get(avatarId);
    if (record || this.deleted.has(avatarId)) return record;
    return this.planned.byId(avatarId);
  }

  /**
   * An avatar under an id a recipe makes (made again after the generated one was deleted) takes that
   * one's place, where a reloaded sandbox puts it too.
   */
  add(avatar: AvatarRecord): void {
    this.watcher?.reachKey(avatar.id);
    if (this.planned.put(avatar.id, avatar)) {
      this.deleted.delete(avatar.id);
      this.changed.add(avatar.id);
    } else this.records.set(avatar.id, avatar);
  }

  /** The avatars held as records (generated ones aside, unless a write changed them). */
  held(): IterableIterator<AvatarRecord> {
    return this.records.values();
  }

  /** Told when an avatar's name changes, so that a generated one is found by its new name. */
  renamed(avatarId: string): void {
    if (this.planned.placeOf(avatarId)) this.changed.add(avatarId);
  }

  delete(avatarId: string): void {
    this.watcher?.reachKey(avatarId);
    this.records.delete(avatarId);
    this.deleted.add(avatarId);
  }

  /** Every avatar, made if need be: records, then each recipe's in order. */
  *values(): IterableIterator<AvatarRecord> {
    this.watcher?.reachAll();
    yield* this.records.values();
    for (const recipe of this.planned.recipes) {
      for (let i = 0; i < avatarCount(recipe); i++) {
        const avatar = this.planned.at(recipe, i);
        if (!this.deleted.has(avatar.id)) yield avatar;
      }
    }
  }

  /**
   * Avatars whose name passes `test`: the records one by one, generated ones through their recipe's
   * name pool (avatar i is named names[i % names.length]), so only matching avatars are made. A
   * generated avatar renamed since it was made answers to its name now, not to its pool's.
   */
  *withName(test: (name: string) => boolean): IterableIterator<AvatarRecord> {
    this.watcher?.reachAll();
    for (const avatar of this.records.values()) if (test(avatar.name)) yield avatar;
    for (const recipe of this.planned.recipes) {
      const pool = recipe.names.length;
      for (let k = 0; k < pool; k++) {
        if (!test(recipe.names[k]!)) continue;
        for (let i = k; i < avatarCount(recipe); i += pool) {
          const avatar = this.liveAt(recipe, i);
          if (avatar && test(avatar.name)) yield avatar;
        }
      }
    }
    yield* this.changedWhere((avatar, recipe, i) => !test(recipe.names[i % recipe.names.length]!) && test(avatar.name));
  }

  /** Avatars the user authored: the records one by one, generated ones through an author index of their recipe. */
  *byAuthor(authorId: string): IterableIterator<AvatarRecord> {
    this.watcher?.reachAll();
    for (const avatar of this.records.values()) if (avatar.authorId === authorId) yield avatar;
    for (const recipe of this.planned.recipes) {
      for (const i of this.authorsOf(recipe).get(authorId) ?? []) {
        const avatar = this.liveAt(recipe, i);
        if (avatar?.authorId === authorId) yield avatar;
      }
    }
    yield* this.changedWhere(
      (avatar, recipe, i) => avatar.authorId === authorId && recipe.userIds[recipeAvatarAuthor(recipe, i)] !== authorId,
    );
  }

  /** The changed generated avatars, not deleted, that `picks` picks. */
  private *changedWhere(picks: (avatar: AvatarRecord, recipe: AvatarsRecipe, i: number) => boolean): IterableIterator<AvatarRecord> {
    for (const id of this.changed) {
      const [recipe, i] = this.planned.placeOf(id)!;
      const avatar = this.liveAt(recipe, i);
      if (avatar && picks(avatar, recipe, i)) yield avatar;
    }
  }

  /** Avatar i of the recipe, unless deleted or a record of its id stands in for it (an edited generated avatar). */
  private liveAt(recipe: AvatarsRecipe, i: number): AvatarRecord | undefined {
    const avatar = this.planned.at(recipe, i);
    return this.deleted.has(avatar.id) || this.records.has(avatar.id) ? undefined : avatar;
  }

  private authorsOf(recipe: AvatarsRecipe): Map<string, number[]> {
    let authors = this.recipeAuthors.get(recipe);
    if (authors) return authors;
    authors = new Map();
    for (let i = 0; i < avatarCount(recipe); i++) {
      const authorId = recipe.userIds[recipeAvatarAuthor(recipe, i)]!;
      let numbers = authors.get(authorId);
      if (!numbers) authors.set(authorId, (numbers = []));
      numbers.push(i);
    }
    this.recipeAuthors.set(recipe, authors);
    return authors;
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

  add(avatarId: string, by = 1): void {
    this.counted.set(avatarId, (this.counted.get(avatarId) ?? 0) + by);
  }

  /** Per avatar of the recipe, how many of its planned favorites are of it. */
  addPlanned(recipe: AvatarsRecipe, counts: Int32Array): void {
    this.planned.set(recipe, counts);
  }
}

export interface AvatarIndex {
  readonly avatars: AvatarsById;
  /** Every user's favorites of every type (avatars, worlds, friends), the one store all favorite lists read. */
  readonly favorites: FavoritesByUser;
  readonly avatarFavoriteCounts: FavoriteCounts;
  /** Seeds the random and shuffle sorts, so one sandbox always answers them in one order. */
  readonly avatarShuffleSeed: number;
}

export function indexAvatars(
  avatars: AvatarRecord[],
  favorites: readonly FavoriteRecord[],
  recipes: readonly AvatarsRecipe[] = [],
  edits?: RecipeEdits,
): AvatarIndex {
  const byId = new AvatarsById(avatars, recipes, edits);
  // Counted as when the sandbox was made: the changed recipe avatars among the records are the recipes'.
  const records = edits
    ? avatars.filter((avatar) => !recipes.some((recipe) => recipeAvatarNumber(recipe, avatar.id) !== undefined))
    : avatars;
  const count = recipes.reduce((sum, recipe) => sum + avatarCount(recipe), records.length);
  const first = records[0]?.id ?? (recipes[0] ? countedId(recipes[0].avatarPrefix, 0) : '');
  const index: AvatarIndex = {
    avatars: byId,
    favorites: new FavoritesByUser(),
    avatarFavoriteCounts: new FavoriteCounts(),
    avatarShuffleSeed: hash32(`${count}:${first}`),
  };
  for (const favorite of favorites) addFavoriteRecord(index, favorite);
  const replaced = new Set(edits?.favoriteUsers);
  for (const recipe of recipes) indexRecipe(index, recipe, replaced);
  return index;
}

/** Adds a favorite from fixtures; a second favorite of one thing by one user is ignored. */
function addFavoriteRecord(index: AvatarIndex, favorite: FavoriteRecord): void {
  const ofUser = index.favorites.listOf(favorite.userId);
  if (ofUser.some((other) => other.type === favorite.type && other.favoriteId === favorite.favoriteId)) return;
  ofUser.push(favorite);
  if (favorite.type === 'avatar') index.avatarFavoriteCounts.add(favorite.favoriteId);
}

/**
 * A recipe's favorites are distinct per user: its users' lists stay recipes and its avatars are
 * counted straight from its numbers. A user who already has favorites gets the recipe's one by one.
 */
function indexRecipe(index: AvatarIndex, recipe: AvatarsRecipe, replaced: ReadonlySet<string>): void {
  const counts = new Int32Array(avatarCount(recipe));
  for (let user = 0; user < recipe.userIds.length; user++) {
    // The records hold this user's favorites whole (see RecipeEdits), none at all included.
    if (replaced.has(recipe.userIds[user]!)) {
      index.favorites.listOf(recipe.userIds[user]!);
      continue;
    }
    if (index.favorites.plan(recipe, user)) {
      for (let k = recipe.favoriteStarts[user]!; k < recipe.favoriteStarts[user + 1]!; k++) counts[recipe.favoriteAvatars[k]!]!++;
    } else {
      for (const favorite of recipeFavorites(recipe, user)) addFavoriteRecord(index, favorite);
    }
  }
  index.avatarFavoriteCounts.addPlanned(recipe, counts);
}
