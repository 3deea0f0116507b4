import type { Change } from './changes.js';
import { CALENDAR_MONTH, calendarMonthOf } from './calendar-months.js';
import type { RecipeReplay } from './recipe-replay.js';
import { RECIPE_EDITS } from './saved-recipes.js';

type Json = Record<string, unknown>;
type Row = Json & { id: string };

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keys a change may select records by that are made from several of their fields rather than read from one. */
const derivedKeys: Record<string, (row: Row) => unknown> = { [CALENDAR_MONTH]: calendarMonthOf };

const keyOf = (by: string): ((row: Row) => unknown) => derivedKeys[by] ?? ((row) => row[by]);

/** A collection being replayed: its records by id in their order, and indexes by other fields as needed. */
class Collection {
  readonly rows = new Map<string, Row>();
  private readonly indexes = new Map<string, Map<unknown, Set<string>>>();

  constructor(records: unknown) {
    if (!Array.isArray(records)) return;
    for (const record of records) if (isObject(record) && typeof record.id === 'string') this.rows.set(record.id, record as Row);
  }

  /** The ids of the records whose `by` is `key`. */
  idsWhere(by: string, key: unknown): Iterable<string> {
    if (by === 'id') return typeof key === 'string' && this.rows.has(key) ? [key] : [];
    let index = this.indexes.get(by);
    if (!index) {
      this.indexes.set(by, (index = new Map()));
      for (const row of this.rows.values()) this.indexOne(index, by, row);
    }
    return [...(index.get(key) ?? [])];
  }

  put(row: Row) {
    this.drop(row.id);
    this.rows.set(row.id, row);
    for (const [by, index] of this.indexes) this.indexOne(index, by, row);
  }

  drop(id: string) {
    const row = this.rows.get(id);
    if (!row) return;
    for (const [by, index] of this.indexes) index.get(keyOf(by)(row))?.delete(id);
    // Deleted only when it is not replaced: a record changed keeps its place.
  }

  remove(id: string) {
    this.drop(id);
    this.rows.delete(id);
  }

  private indexOne(index: Map<unknown, Set<string>>, by: string, row: Row) {
    const key = keyOf(by)(row);
    let ids = index.get(key);
    if (!ids) index.set(key, (ids = new Set()));
    ids.add(row.id);
  }
}

/** A map of the state being replayed (`{"$map": [[key, value], ...]}`), by key in its order. */
function entriesOf(value: unknown): Map<string, [unknown, unknown]> {
  const entries = new Map<string, [unknown, unknown]>();
  const pairs = isObject(value) && Array.isArray(value.$map) ? value.$map : [];
  for (const pair of pairs) if (Array.isArray(pair)) entries.set(JSON.stringify(pair[0]), [pair[0], pair[1]]);
  return entries;
}

function parentOf(root: Json, path: string): [Json, string] {
  const steps = path.split('.');
  const last = steps.pop()!;
  let at = root;
  for (const step of steps) {
    if (!isObject(at[step])) at[step] = {};
    at = at[step] as Json;
  }
  return [at, last];
}

/**
 * A saved sandbox (as `toJson` wrote it) with the log's changes made to it, in order. The result is
 * checked afterwards as a database file is, so a change that makes no sense is refused there.
 * `recipes` follows what the changes do to the records the sandbox's recipes make.
 */
export function replay(saved: Json, saves: Change[][], recipes?: RecipeReplay): Json {
  if (saves.length === 0) return saved;
  const data = isObject(saved.data) ? saved.data : (saved.data = {});
  const collections = new Map<string, Collection>();
  const maps = new Map<string, Map<string, [unknown, unknown]>>();
  const collection = (name: string) => {
    let found = collections.get(name);
    if (!found) collections.set(name, (found = new Collection(data[name])));
    return found;
  };
  const stateMap = (path: string) => {
    let found = maps.get(path);
    if (!found) {
      const [parent, name] = parentOf(saved, path);
      maps.set(path, (found = entriesOf(parent[name])));
    }
    return found;
  };
  for (const changes of saves) {
    for (const change of changes) {
      if ('collection' in change && 'all' in change) {
        collections.delete(change.collection);
        data[change.collection] = change.all;
      } else if ('collection' in change) {
        const rows = collection(change.collection);
        const kept = new Set(change.records.map((record) => (record as Row).id));
        if (change.home) {
          for (const id of rows.idsWhere(change.by, change.key)) {
            if (kept.has(id)) continue;
            rows.remove(id);
            recipes?.removed(id);
          }
          for (const id of recipes?.unheld(change.collection, change.by, change.key, (id) => rows.rows.has(id)) ?? [])
            if (!kept.has(id)) recipes!.removed(id);
          if (change.collection === 'favorites') recipes?.replaceFavorites(change.key);
        }
        for (const record of change.records) {
          rows.put(record as Row);
          recipes?.put((record as Row).id);
        }
      } else if ('all' in change && recipes && change.state === `data.${RECIPE_EDITS}`) {
        recipes.reset(change.all);
      } else if ('all' in change) {
        maps.delete(change.state);
        const [parent, name] = parentOf(saved, change.state);
        parent[name] = change.all;
      } else {
        const entries = stateMap(change.state);
        const key = JSON.stringify(change.key);
        if ('append' in change) appendTo(entries, key, change);
        else if ('value' in change) entries.set(key, [change.key, change.value]);
        else entries.delete(key);
      }
    }
  }
  for (const [name, rows] of collections) data[name] = [...rows.rows.values()];
  for (const [path, entries] of maps) {
    const [parent, name] = parentOf(saved, path);
    parent[name] = { $map: [...entries.values()] };
  }
  return saved;
}

/** A list entry with `drop` items gone from its start and `append` added at its end; made when missing. */
function appendTo(entries: Map<string, [unknown, unknown]>, key: string, change: { key: unknown; drop: number; append: unknown[] }) {
  const entry = entries.get(key);
  const list = Array.isArray(entry?.[1]) ? entry[1] : [];
  list.splice(0, change.drop);
  for (const item of change.append) list.push(item);
  entries.set(key, [change.key, list]);
}
