import type { Sandbox } from '../sandbox.js';
import type { CalendarEventRecord } from '../records/calendar.js';
import type { AvatarRecord } from '../records/avatars.js';
import type { FileRecord } from '../records/files.js';
import type { FavoriteRecord } from '../records/favorites.js';
import { recipeEvent, recipeEventPlace, type CalendarRecipe } from '../recipes/calendar.js';
import { avatarsRecipeParams, type AvatarsRecipeParams } from '../recipes/avatars.js';
import type { FilesRecipe } from '../recipes/files.js';
import { sameData, type RecipeEdits } from '../recipes/recipes.js';
import { countedId } from '../ids.js';

/**
 * A sandbox's generated collections as a database file keeps them: what a recipe would still make
 * (never made, or made and left as it was) stays the recipe, written as its parameters; the
 * records written are those created, and the recipe ones a write changed; `recipeEdits` says which
 * recipe records are gone and where the rest goes (see RecipeEdits).
 */
export interface RecipeForm {
  calendarEvents: CalendarEventRecord[];
  avatars: AvatarRecord[];
  files: FileRecord[];
  favorites: FavoriteRecord[];
  calendarRecipes: readonly CalendarRecipe[];
  avatarRecipes: AvatarsRecipeParams[];
  filesRecipes: readonly FilesRecipe[];
  recipeEdits: RecipeEdits;
}

/** The collections a recipe form holds in place of the made ones. */
export const RECIPE_COLLECTIONS = ['calendarEvents', 'avatars', 'files', 'favorites'] as const;

export const hasRecipes = (sandbox: Sandbox) =>
  sandbox.calendarRecipes.length > 0 || sandbox.avatars.recipes.length > 0 || sandbox.files.recipes.length > 0;

/** The sandbox's recipe form; reads the live sandbox without making any recipe record. */
export function recipeForm(sandbox: Sandbox): RecipeForm {
  const calendar = savedCalendar(sandbox);
  const avatars = sandbox.avatars.savedForm();
  const files = sandbox.files.savedForm();
  const favorites = sandbox.favorites.savedForm(sandbox.avatars.recipes);
  return {
    calendarEvents: calendar.events,
    avatars: avatars.avatars,
    files: files.files,
    favorites: favorites.favorites,
    calendarRecipes: sandbox.calendarRecipes,
    avatarRecipes: sandbox.avatars.recipes.map(avatarsRecipeParams),
    filesRecipes: sandbox.files.recipes,
    recipeEdits: { gone: [...calendar.gone, ...avatars.gone, ...files.gone], favoriteUsers: favorites.users, filesFirst: files.first },
  };
}

/**
 * The events that are not as a recipe would make them, and the recipe events gone: those neither
 * waiting in a month to be made nor made and still in the calendar.
 */
function savedCalendar(sandbox: Sandbox): { events: CalendarEventRecord[]; gone: string[] } {
  const recipes = sandbox.calendarRecipes;
  const present = new Map(recipes.map((recipe) => [recipe, new Uint8Array(recipe.count)]));
  const events: CalendarEventRecord[] = [];
  for (const buckets of sandbox.calendarByGroup.values()) {
    for (const bucket of buckets) {
      const { made, run } = bucket.unmade();
      if (run) {
        const marks = present.get(run.recipe)!;
        for (let i = run.from; i < run.to; i++) if (!run.skip?.has(i)) marks[i] = 1;
      }
      for (const event of made) {
        const place = recipeEventPlace(recipes, event.id);
        if (!place) {
          events.push(event);
          continue;
        }
        const [recipe, number] = place;
        present.get(recipe)![number] = 1;
        if (!sameData(event, recipeEvent(recipe, number))) events.push(event);
      }
    }
  }
  const gone: string[] = [];
  for (const [recipe, marks] of present)
    for (let i = 0; i < marks.length; i++) if (marks[i] === 0) gone.push(countedId(recipe.idPrefix, i));
  return { events, gone };
}
