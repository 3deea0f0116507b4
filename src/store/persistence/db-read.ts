import { fromJsonInPlace } from './codec.js';
import { FixtureError, fieldPath, parseFixtures } from '../fixtures/fixtures.js';
import { checkFixtureReferences, groupExtrasProblem } from '../fixtures/references.js';
import type { SandboxSnapshot, SandboxState } from './snapshot.js';
import { DbError } from './db-error.js';
import { readJsonFile } from './durable-file.js';
import { JsonTextError } from './json-stream-read.js';
import { SandboxStateSchema } from './state-schema.js';
import { logOf, readLog } from './db-log.js';
import { replay } from './replay.js';
import { existsSync } from 'node:fs';
import { RecipeReplay } from './recipe-replay.js';
import {
  RECIPE_EDITS,
  RecipeError,
  checkRecipeReferences,
  parseRecipeEdits,
  takeSavedRecipes,
  type SavedRecipes,
} from './saved-recipes.js';
import type { SandboxDataWithRecipes } from '../recipes/recipes.js';

/** What a database file says it is; a file that says anything else is refused, never overwritten. */
export const DB_FORMAT = 'mock-api-db';
export const DB_VERSION = 1;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A database file as read: its sandbox, and which whole write of it this is (its log names it). */
export interface SavedDb {
  readonly snapshot: SandboxSnapshot;
  readonly generation: number;
}

/**
 * The sandbox a database file holds with the changes of its log (see readLog) made to it, checked as
 * `--fixtures` checks its files (records, their defaults and their references) and its state beside
 * them; undefined when there is no file yet. Anything else is a DbError of one line, and the file
 * and its log are left as they are.
 */
export function readDb(file: string): SandboxSnapshot | undefined {
  return readSavedDb(file)?.snapshot;
}

/** As readDb, with the file's generation; `sliceBytes` bounds the text parsed at once (see parseJsonChunks). */
export function readSavedDb(file: string, sliceBytes?: number): SavedDb | undefined {
  const refuse = (problem: string) => new DbError(`the database ${file} ${problem}; it was left as it is`);
  let content: unknown;
  try {
    // Read piece by piece: the text of a big sandbox is longer than any one string can be.
    content = readJsonFile(file, sliceBytes);
  } catch (error) {
    if (error instanceof JsonTextError) throw refuse(`is not valid JSON (${error.message})`);
    throw error;
  }
  if (content === undefined) {
    if (existsSync(logOf(file)))
      throw new DbError(`the database ${file} is missing beside its log ${logOf(file)}; both were left as they are`);
    return undefined;
  }
  if (!isObject(content) || content.format !== DB_FORMAT) {
    throw new DbError(`${file} is not a mock-api database (no "format": "${DB_FORMAT}"); it was left as it is`);
  }
  if (content.version !== DB_VERSION)
    throw refuse(`has format version ${String(content.version)}; this mock-api reads version ${DB_VERSION}`);
  const generation = content.generation ?? 0;
  if (!Number.isSafeInteger(generation) || (generation as number) < 0) throw refuse(`has generation ${String(content.generation)}`);
  const saves = readLog(file, generation as number);
  const saved = content.world;
  // Let go of the file's top: from here each part is held once, by the sandbox being read.
  content.world = undefined;
  if (!isObject(saved)) throw refuse('holds no world');
  let recipes: SavedRecipes | undefined;
  let recipeReplay: RecipeReplay | undefined;
  try {
    recipes = isObject(saved.data) ? takeSavedRecipes(saved.data) : undefined;
    if (recipes) recipeReplay = new RecipeReplay(recipes, (saved.data as Record<string, unknown>)[RECIPE_EDITS]);
  } catch (error) {
    if (error instanceof RecipeError) throw refuse(`holds invalid recipes: ${error.message}`);
    throw error;
  }
  fromJsonInPlace(replay(saved, saves, recipeReplay));
  if (!isObject(saved.data)) throw refuse('holds no world');
  const { data: raw, ...rest } = saved;
  delete raw[RECIPE_EDITS];
  let data: SandboxDataWithRecipes;
  try {
    data = parseFixtures(raw);
    checkFixtureReferences(data);
  } catch (error) {
    if (error instanceof FixtureError) throw refuse(`holds an invalid record: ${error.message}`);
    throw error;
  }
  if (recipes) {
    try {
      const recipeEdits = parseRecipeEdits(recipeReplay!.edits());
      checkRecipeReferences(recipes, recipeEdits, data);
      data = { ...data, ...recipes, recipeEdits };
    } catch (error) {
      if (error instanceof RecipeError) throw refuse(`holds invalid recipes: ${error.message}`);
      throw error;
    }
  }
  const state = SandboxStateSchema.safeParse(rest, { jitless: true });
  if (!state.success) {
    const issue = state.error.issues[0]!;
    throw refuse(`holds invalid state: ${fieldPath(issue.path) || '(top)'}: ${issue.message}`);
  }
  const orphan = groupExtrasProblem(data, (state.data as SandboxState).groupExtras);
  if (orphan) throw refuse(`holds invalid state: ${orphan.field}: ${orphan.problem}`);
  return { snapshot: { data, ...(state.data as SandboxState) }, generation: generation as number };
}
