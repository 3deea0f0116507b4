import { countOfId, countedId } from '../ids.js';
import { recipeEventPlace, roundMonth, type CalendarRecipe } from '../recipes/calendar.js';
import { recipeFileNumber } from '../recipes/files.js';
import { CALENDAR_MONTH } from './calendar-months.js';
import type { SavedRecipes } from './saved-recipes.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * What a log's changes do to the records a saved sandbox's recipes make, which its collections do not
 * hold: a change that says which records of a group, a month or an id are all there are takes the
 * recipe's others out (they are gone), and a change to a user's favorites replaces the recipe's.
 */
export class RecipeReplay {
  private gone = new Set<string>();
  private favoriteUsers = new Set<string>();
  private filesFirst: unknown = [];
  /** Edits a change wrote that are not lists of ids: kept as they are, so the file's check refuses them. */
  private invalid: { edits: unknown } | undefined;
  private groupsOf: Map<CalendarRecipe, Map<string, number[]>> | undefined;

  constructor(
    private readonly recipes: SavedRecipes,
    edits: unknown,
  ) {
    this.reset(edits);
  }

  /** The edits a change wrote whole. */
  reset(edits: unknown): void {
    const parts = isObject(edits) ? edits : {};
    const lists = ['gone', 'favoriteUsers', 'filesFirst'].every((key) => parts[key] === undefined || Array.isArray(parts[key]));
    this.invalid = edits === undefined || (isObject(edits) && lists) ? undefined : { edits };
    this.gone = new Set(strings(parts.gone));
    this.favoriteUsers = new Set(strings(parts.favoriteUsers));
    this.filesFirst = parts.filesFirst ?? [];
  }

  /** The edits as the log leaves them. */
  edits(): unknown {
    if (this.invalid) return this.invalid.edits;
    return { gone: [...this.gone], favoriteUsers: [...this.favoriteUsers], filesFirst: this.filesFirst };
  }

  /**
   * The ids of the recipe records a change under `by` = `key` covers that the collection does not
   * hold (`held`) and that are not gone yet.
   */
  unheld(collection: string, by: string, key: unknown, held: (id: string) => boolean): string[] {
    const ids = this.covered(collection, by, key);
    return ids.filter((id) => !held(id) && !this.gone.has(id));
  }

  /** A record the collection held, or a recipe one, is gone. */
  removed(id: string): void {
    if (this.isRecipeId(id)) this.gone.add(id);
  }

  /** A record is there (again). */
  put(id: string): void {
    this.gone.delete(id);
  }

  /** The records hold the user's favorites whole from now on. */
  replaceFavorites(userId: unknown): void {
    if (typeof userId === 'string') this.favoriteUsers.add(userId);
  }

  private isRecipeId(id: string): boolean {
    const { calendarRecipes, avatarRecipes, filesRecipes } = this.recipes;
    return (
      recipeEventPlace(calendarRecipes, id) !== undefined ||
      avatarRecipes.some((recipe) => countOfId(recipe.avatarPrefix, recipe.starts.length - 1, id) !== undefined) ||
      filesRecipes.some((recipe) => recipeFileNumber(recipe, id) !== undefined)
    );
  }

  private covered(collection: string, by: string, key: unknown): string[] {
    if (typeof key !== 'string') return [];
    if (by === 'id') return ['calendarEvents', 'avatars', 'files'].includes(collection) && this.isRecipeId(key) ? [key] : [];
    if (collection !== 'calendarEvents') return [];
    if (by === 'ownerId') return this.calendarIds(key);
    if (by !== CALENDAR_MONTH) return [];
    const at = key.lastIndexOf('@');
    const month = Number(key.slice(at + 1));
    return at === -1 || !Number.isSafeInteger(month) ? [] : this.calendarIds(key.slice(0, at), month);
  }

  /** The recipe events of the group, or of its month only. */
  private calendarIds(groupId: string, month?: number): string[] {
    const ids: string[] = [];
    for (const recipe of this.recipes.calendarRecipes) {
      for (const g of this.groupNumbers(recipe).get(groupId) ?? []) {
        const end = Math.min(recipe.count, (g + 1) * recipe.perGroup);
        let from = g * recipe.perGroup;
        let to = end;
        if (month !== undefined) {
          const round = month - roundMonth(recipe, 0);
          if (round < 0) continue;
          from += round * recipe.perMonth;
          to = Math.min(end, from + recipe.perMonth);
        }
        for (let i = from; i < to; i++) ids.push(countedId(recipe.idPrefix, i));
      }
    }
    return ids;
  }

  private groupNumbers(recipe: CalendarRecipe): Map<string, number[]> {
    this.groupsOf ??= new Map();
    let numbers = this.groupsOf.get(recipe);
    if (!numbers) {
      this.groupsOf.set(recipe, (numbers = new Map()));
      recipe.groupIds.forEach((groupId, g) => {
        const list = numbers!.get(groupId);
        if (list) list.push(g);
        else numbers!.set(groupId, [g]);
      });
    }
    return numbers;
  }
}
