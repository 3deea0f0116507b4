import * as z from 'zod';
import { lazy } from '../../schema/lazy.js';
import { fieldPath, type SandboxData } from '../fixtures/fixtures.js';
import { avatarsRecipeOf } from '../generators/avatars.js';
import type { AvatarsRecipe } from '../recipes/avatars.js';
import type { CalendarRecipe } from '../recipes/calendar.js';
import type { FilesRecipe } from '../recipes/files.js';
import { noRecipeEdits, type RecipeEdits } from '../recipes/recipes.js';
import { countedId } from '../ids.js';

/** As many records of one kind as `--generate` may ask for. */
const MAX_RECORDS = 10_000_000;
/** Generated events start on a year of four digits, as every time the sandbox reads and writes. */
const LAST_MONTH = 9999 * 12 + 11;

const count = z.number().int().min(1).max(MAX_RECORDS);
const seed = z.number().int().min(0).max(0xffffffff);
const prefix = z.string().min(1).max(100);
const texts = z.array(z.string()).min(1);
const ids = z.array(z.string()).max(MAX_RECORDS);

const CalendarRecipeSchema = z
  .object({
    seed,
    idPrefix: prefix,
    titles: texts,
    descriptions: texts,
    groupIds: ids.min(1),
    count,
    perGroup: count,
    perMonth: count,
    firstYear: z.number().int().min(1970).max(9999),
    firstMonth: z.number().int().min(0).max(11),
  })
  .refine((recipe) => recipe.groupIds.length * recipe.perGroup >= recipe.count, 'has more events than its groups hold')
  .refine(
    (recipe) => recipe.firstYear * 12 + recipe.firstMonth + Math.ceil(recipe.perGroup / recipe.perMonth) <= LAST_MONTH,
    'has events past the year 9999',
  );

const AvatarsRecipeSchema = z
  .object({
    seed,
    count,
    avatarPrefix: prefix,
    packagePrefix: prefix,
    names: texts,
    descriptions: texts,
    userIds: ids.min(1),
    userNames: z.array(z.string()),
  })
  .refine((recipe) => recipe.userNames.length === recipe.userIds.length, 'has not one name per user');

const payload = z.object({ data: z.base64(), md5: z.string(), sizeInBytes: z.number().int().min(0) });

const FilesRecipeSchema = z
  .object({
    idPrefix: prefix,
    titles: texts,
    stems: texts,
    ownerIds: ids.min(1),
    count,
    png: payload,
    bundle: payload,
    signature: payload,
  })
  .refine((recipe) => recipe.stems.length === recipe.titles.length, 'has not one stem per title');

const RecipesSchema = lazy(() =>
  z.object({
    calendarRecipes: z.array(CalendarRecipeSchema).default(() => []),
    avatarRecipes: z.array(AvatarsRecipeSchema).default(() => []),
    filesRecipes: z.array(FilesRecipeSchema).default(() => []),
  }),
);

export const RecipeEditsSchema = lazy(() =>
  z.object({ gone: ids.default(() => []), favoriteUsers: ids.default(() => []), filesFirst: ids.default(() => []) }).default(noRecipeEdits),
);

/** The recipes a database file keeps beside its records, made whole again. */
export interface SavedRecipes {
  calendarRecipes: CalendarRecipe[];
  avatarRecipes: AvatarsRecipe[];
  filesRecipes: FilesRecipe[];
}

/** Where a database file keeps what writes changed of what its recipes make (see RecipeEdits). */
export const RECIPE_EDITS = 'recipeEdits';
const RECIPE_PARTS = ['calendarRecipes', 'avatarRecipes', 'filesRecipes'] as const;

/** A recipe part of a database file that is not as this mock-api writes it. */
export class RecipeError extends Error {}

const problemOf = (error: z.ZodError, under?: string) => {
  const issue = error.issues[0]!;
  const path = fieldPath(issue.path);
  return new RecipeError(`${under ? [under, path].filter(Boolean).join('.') : path || '(top)'}: ${issue.message}`);
};

/**
 * Takes the recipe parts out of a saved sandbox's data (as JSON holds them), checked; undefined when
 * it holds none (a file of an older shape, a sandbox without recipes). Leaves `recipeEdits` in place.
 */
export function takeSavedRecipes(data: Record<string, unknown>): SavedRecipes | undefined {
  if (RECIPE_PARTS.every((part) => data[part] === undefined)) return undefined;
  const parsed = RecipesSchema.safeParse(Object.fromEntries(RECIPE_PARTS.map((part) => [part, data[part]])), { jitless: true });
  for (const part of RECIPE_PARTS) delete data[part];
  if (!parsed.success) throw problemOf(parsed.error);
  const { calendarRecipes, avatarRecipes, filesRecipes } = parsed.data;
  return { calendarRecipes, avatarRecipes: avatarRecipes.map(avatarsRecipeOf), filesRecipes };
}

/** A saved sandbox's recipe edits (as JSON holds them), checked. */
export function parseRecipeEdits(edits: unknown): RecipeEdits {
  const parsed = RecipeEditsSchema.safeParse(edits, { jitless: true });
  if (!parsed.success) throw problemOf(parsed.error, RECIPE_EDITS);
  return parsed.data;
}

/**
 * What the recipes name that the records do not hold, as `--fixtures` refuses a record naming a
 * missing one: the users of avatars and files, and the group of each calendar event not gone.
 */
export function checkRecipeReferences(recipes: SavedRecipes, edits: RecipeEdits, data: SandboxData): void {
  const users = new Set(data.users.map((user) => user.id));
  const groups = new Set(data.groups.map((group) => group.id));
  const missing = (list: readonly string[], known: Set<string>) => list.findIndex((id) => !known.has(id));
  const refuse = (path: string, kind: string, id: string, file: string) =>
    new RecipeError(`${path}: names ${kind} ${id}, which ${file} does not hold`);
  recipes.avatarRecipes.forEach((recipe, k) => {
    const at = missing(recipe.userIds, users);
    if (at !== -1) throw refuse(`avatarRecipes[${k}].userIds[${at}]`, 'user', recipe.userIds[at]!, 'users.json');
  });
  recipes.filesRecipes.forEach((recipe, k) => {
    const at = missing(recipe.ownerIds, users);
    if (at !== -1) throw refuse(`filesRecipes[${k}].ownerIds[${at}]`, 'user', recipe.ownerIds[at]!, 'users.json');
  });
  const gone = new Set(edits.gone);
  recipes.calendarRecipes.forEach((recipe, k) => {
    recipe.groupIds.forEach((groupId, g) => {
      if (groups.has(groupId)) return;
      for (let i = g * recipe.perGroup; i < Math.min(recipe.count, (g + 1) * recipe.perGroup); i++) {
        if (!gone.has(countedId(recipe.idPrefix, i))) throw refuse(`calendarRecipes[${k}].groupIds[${g}]`, 'group', groupId, 'groups.json');
      }
    });
  });
}
