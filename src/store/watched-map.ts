/**
 * What a `--db` file's tracker hears from a map or index of the sandbox while a write runs (see
 * WriteTracker): the keys the write reached, or that it reached the whole (by reading every entry).
 * Unset, as it is without `--db`, nothing is told.
 */
export interface Watcher {
  reachKey(key: unknown): void;
  reachAll(): void;
}

/** A map or index of the sandbox that can be watched: the sandbox's records live in these from creation. */
export interface Watchable {
  watcher: Watcher | undefined;
  /** `id` when it holds each record under the record's id: it is then the home of its collection (see savedPartsOf). */
  readonly keyedBy?: 'id';
}

/**
 * A Map that tells its watcher which entries are read, set or deleted, and when all of it is read
 * (iteration). Every keyed field of a sandbox is one from the moment it is built, so a save learns
 * what a write touched from the map itself, whoever holds it.
 */
export class WatchedMap<K, V> extends Map<K, V> implements Watchable {
  declare watcher: Watcher | undefined;

  constructor(
    entries?: Iterable<readonly [K, V]> | null,
    readonly keyedBy?: 'id',
  ) {
    super(entries);
  }

  override get(key: K): V | undefined {
    this.watcher?.reachKey(key);
    return super.get(key);
  }

  override set(key: K, value: V): this {
    this.watcher?.reachKey(key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.watcher?.reachKey(key);
    return super.delete(key);
  }

  override clear(): void {
    this.watcher?.reachAll();
    super.clear();
  }

  override forEach(each: (value: V, key: K, map: Map<K, V>) => void, self?: unknown): void {
    this.watcher?.reachAll();
    super.forEach(each, self);
  }

  override values() {
    this.watcher?.reachAll();
    return super.values();
  }

  override keys() {
    this.watcher?.reachAll();
    return super.keys();
  }

  override entries() {
    this.watcher?.reachAll();
    return super.entries();
  }

  override [Symbol.iterator]() {
    this.watcher?.reachAll();
    return super.entries();
  }

  /** The entry under `key`, telling no watcher (a save reading what a write reached). */
  peek(key: K): V | undefined {
    return super.get(key);
  }
}

/** The map itself when it is watched already, else a watched map of its entries (state read from a file). */
export const watched = <K, V>(map: Map<K, V>): WatchedMap<K, V> => (map instanceof WatchedMap ? map : new WatchedMap(map));

/** An empty watched map for records by id. */
export const recordsById = <T extends { id: string }>() => new WatchedMap<string, T>(null, 'id');

/** Records by id, in a watched map. */
export function byIdWatched<T extends { id: string }>(records: readonly T[]): WatchedMap<string, T> {
  const map = recordsById<T>();
  for (const record of records) map.set(record.id, record);
  return map;
}
