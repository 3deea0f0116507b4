import type { AvatarsRecipe } from './avatars.js';
import type { CalendarRecipe } from './calendar.js';
import type { FilesRecipe } from './files.js';
import type { SandboxData } from '../fixtures/fixtures.js';

/**
 * What writes changed of what a sandbox's recipes make, as a database file keeps it beside the
 * recipes. A record of calendarEvents, avatars or files whose id a recipe makes stands in for the
 * recipe's (it was changed); the rest is here.
 */
export interface RecipeEdits {
  /** Calendar events, avatars and files the recipes make that were deleted. */
  gone: string[];
  /** Users whose favorites the records hold whole, in place of what the recipes give them. */
  favoriteUsers: string[];
  /** The files that come before the recipes' files in their owners' lists; the other files come after. */
  filesFirst: string[];
}

export const noRecipeEdits = (): RecipeEdits => ({ gone: [], favoriteUsers: [], filesFirst: [] });

/**
 * Sandbox data whose bulk generated parts may still be recipes, made when a read first needs them:
 * createSandbox indexes the records and the recipes alike.
 */
export type SandboxDataWithRecipes = SandboxData & {
  calendarRecipes?: CalendarRecipe[];
  avatarRecipes?: AvatarsRecipe[];
  filesRecipes?: FilesRecipe[];
  recipeEdits?: RecipeEdits;
};

/** Whether two records hold the same data: a made record a write left as its recipe made it. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, k) => sameData(item, other[k]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameData(left[key], right[key])) return false;
  return true;
}
