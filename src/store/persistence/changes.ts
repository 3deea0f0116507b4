import { toJson } from './codec.js';
import type { Sandbox } from '../sandbox.js';
import { collectionReaders, sandboxState, type SandboxState } from './snapshot.js';
import type { Reached, WriteTracker } from './write-tracker.js';
import type { SavedLists } from './saved-lists.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import { RECIPE_COLLECTIONS, hasRecipes, recipeForm, type RecipeForm } from './recipe-form.js';
import { RECIPE_EDITS } from './saved-recipes.js';

/**
 * One change of a saved sandbox, as its log keeps it (records and state as `toJson` writes them):
 * - a collection (or `settings`) whole;
 * - the records of a collection whose field `by` equals `key`: with `home`, these are all of them
 *   (the others are gone), otherwise they replace records of the same id and nothing goes;
 *   (`by` may also name a key made from several fields, see replay's derivedKeys);
 * - a part of the state whole (`path` as `groupExtras.groupPosts`);
 * - one entry of a map of the state, without `value` when it is gone;
 * - the ends of one entry of a map of the state that is a list: `drop` items gone from its start,
 *   `append` added at its end.
 */
export type Change =
  | { collection: string; all: unknown }
  | { collection: string; by: string; key: unknown; home: boolean; records: unknown[] }
  | { state: string; all: unknown }
  | { state: string; key: unknown; value?: unknown }
  | { state: string; key: unknown; drop: number; append: unknown[] };

/** A keyed field: a map, or an index with a map's `get`. */
interface Keyed {
  get(key: unknown): unknown;
}

const field = (sandbox: Sandbox, name: string) => (sandbox as unknown as Record<string, unknown>)[name];

function stateAt(state: SandboxState, path: string): unknown {
  return path.split('.').reduce<unknown>((value, step) => (value as Record<string, unknown> | undefined)?.[step], state);
}

/**
 * The changes that make the saved sandbox what `sandbox` is, given what writes reached of it since the
 * last save; the tracker's `lists` hold what earlier saves wrote of append-only lists and are brought up to date.
 */
export function changesOf(sandbox: Sandbox, reached: Reached, writes: WriteTracker): Change[] {
  // Run quietly (see WriteTracker.quietly): reading the sandbox here tells no tracker.
  const { lists, parts } = writes;
  const collections = new Set<string>();
  const stateParts = new Set<string>();
  for (const name of reached.fields) {
    const part = parts.byField.get(name);
    if (!part) for (const collection of parts.otherCollections) collections.add(collection);
    else if (part.kind === 'state') stateParts.add(part.path);
    else if (part.kind === 'keyed' || part.kind === 'whole') {
      for (const collection of part.kind === 'keyed' ? [part.collection] : part.collections) collections.add(collection);
      for (const path of part.state ?? []) stateParts.add(path);
    }
  }
  const changes: Change[] = [];
  let form: RecipeForm | undefined;
  for (const collection of collections) {
    // A generated collection goes in its recipe form, and with it what the recipes no longer make.
    if ((RECIPE_COLLECTIONS as readonly string[]).includes(collection) && hasRecipes(sandbox)) {
      form ??= recipeForm(sandbox);
      changes.push({ collection, all: toJson(form[collection as (typeof RECIPE_COLLECTIONS)[number]]) });
    } else changes.push({ collection, all: toJson(collectionReaders[collection as keyof SandboxData](sandbox)) });
  }
  if (form) changes.push({ state: `data.${RECIPE_EDITS}`, all: toJson(form.recipeEdits) });
  let state: SandboxState | undefined;
  for (const path of stateParts) changes.push({ state: path, all: toJson(stateAt((state ??= sandboxState(sandbox)), path)) });
  // A list written whole is past what its mark says was saved.
  if (parts.appendOnlyPaths.some((path) => stateParts.has(path))) lists.forget();
  for (const [name, keys] of reached.keys) {
    const part = parts.byField.get(name);
    const map = field(sandbox, name) as Keyed;
    if (part?.kind === 'keyed' && !collections.has(part.collection)) {
      const { collection, by, home } = part;
      const held = reached.held.get(name);
      for (const key of keys) {
        const value = map.get(key);
        const entryRecords = part.records(value);
        const left = held?.get(key);
        // A copy: an entry's records may be the live list of the index.
        const records = left ? [...entryRecords, ...leftEntry(sandbox, parts.homes.get(collection), entryRecords, left)] : entryRecords;
        const pieces = part.pieces?.(value, key, writes) ?? [{ by, key, records }];
        for (const piece of pieces)
          changes.push({ collection, by: piece.by, key: piece.key, home, records: toJson(piece.records) as unknown[] });
      }
    } else if (part?.kind === 'state' && !stateParts.has(part.path)) {
      for (const key of keys) changes.push(stateEntryChange(part.path, key, map.get(key), part.appendOnly ? lists : undefined));
    }
  }
  return changes;
}

/**
 * The records an index entry held when writes reached it and holds no longer, as their home holds
 * them now: a write that took one out of the entry may have changed it (an item unequipped leaves
 * the equipped index with its slot emptied). One gone from its home too is left to its home's change.
 */
function leftEntry(sandbox: Sandbox, home: string | undefined, records: unknown[], held: Set<unknown>): unknown[] {
  if (!home) return [];
  const map = field(sandbox, home) as Keyed;
  const ids = new Set(records.map((record) => (record as { id: string }).id));
  const left: unknown[] = [];
  for (const record of held) {
    const { id } = record as { id: string };
    if (ids.has(id)) continue;
    ids.add(id);
    const kept = map.get(id);
    if (kept !== undefined) left.push(kept);
  }
  return left;
}

function stateEntryChange(path: string, key: unknown, value: unknown, lists: SavedLists | undefined): Change {
  if (value === undefined) return { state: path, key: toJson(key) };
  const ends = lists && Array.isArray(value) ? lists.endsOf(value) : undefined;
  if (ends) return { state: path, key: toJson(key), drop: ends.drop, append: toJson(ends.append) as unknown[] };
  return { state: path, key: toJson(key), value: toJson(value) };
}
