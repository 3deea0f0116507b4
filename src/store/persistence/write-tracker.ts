import type { Sandbox } from '../sandbox.js';
import { savedParts, type KeyedPart } from './saved-parts.js';
import { SavedLists } from './saved-lists.js';

/** What the requests that may change a world reached of it since the last save. */
export interface Reached {
  /** A change the fields cannot tell (the control plane's, a world replaced): save the whole world. */
  everything: boolean;
  /** Fields reached as a whole (their saved parts go whole). */
  fields: Set<string>;
  /** Keyed fields -> the keys reached (their entries go one by one). */
  keys: Map<string, Set<unknown>>;
  /**
   * Index fields (keyed, not their records' home) -> key -> the records the entry held when each
   * write first reached it: a record a write changes and takes out of the entry (an item unequipped
   * leaves the equipped index) is no longer in it when the save reads it, but is saved with it.
   */
  held: Map<string, Map<unknown, Set<unknown>>>;
}

/** Fields that reads change too (discovery's sequence moves with each discover): saved with the next write. */
const changedByReads = new Set(['instanceDiscovery']);

/** Past this many keys of one field between two saves, the field goes whole. */
const MAX_KEYS_PER_FIELD = 10_000;

const TRACKED = Symbol('tracked');

interface Tracking {
  readonly tracker: WriteTracker;
  readonly field: string;
  /** For an index of records that live elsewhere: the records an entry holds. */
  readonly held?: (value: unknown) => unknown[];
}

/**
 * A map that tells its world's tracker which keys a write reached: an entry read, set or deleted
 * while a write runs. Reading all of it (iteration) reaches the whole field. Installed on a live map
 * by changing its prototype, so every holder of the map is seen, not only the world's field.
 */
class TrackedMap<K, V> extends Map<K, V> {
  declare [TRACKED]: Tracking;

  override get(key: K): V | undefined {
    this.reach(key);
    return super.get(key);
  }

  override set(key: K, value: V): this {
    this.reach(key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.reach(key);
    return super.delete(key);
  }

  /** Tells the tracker of a key a write reaches, and of an index entry the records it holds before the write changes them. */
  private reach(key: K) {
    const { tracker, field, held } = this[TRACKED];
    if (tracker.depth === 0) return;
    tracker.reachKey(field, key);
    if (held) tracker.holdEntry(field, key, () => held(Map.prototype.get.call(this, key)));
  }

  override clear(): void {
    this.reachAll();
    super.clear();
  }

  override forEach(each: (value: V, key: K, map: Map<K, V>) => void, self?: unknown): void {
    this.reachAll();
    super.forEach(each, self);
  }

  override values() {
    this.reachAll();
    return super.values();
  }

  override keys() {
    this.reachAll();
    return super.keys();
  }

  override entries() {
    this.reachAll();
    return super.entries();
  }

  override [Symbol.iterator]() {
    this.reachAll();
    return super.entries();
  }

  private reachAll() {
    const { tracker, field } = this[TRACKED];
    if (tracker.depth > 0) tracker.reachField(field);
  }
}

/** The map as it was before tracking: reading it tells no tracker. */
export const untracked = <K, V>(map: Map<K, V>, key: K): V | undefined => Map.prototype.get.call(map, key) as V | undefined;

/**
 * Follows one world (the one a `--db` file saves) and records what the requests that may change it
 * reach while they run: each field read through the world, and for keyed fields (saved entry by
 * entry, see savedParts) the keys read, set or deleted. A save then writes only those parts.
 */
export class WriteTracker {
  /** Writes running now. */
  depth = 0;
  /** Counts the writes begun, so an index entry's records are read once per write that reaches it. */
  private writeCount = 0;
  /** Index field -> key -> the write that last had the entry's records read. */
  private heldBy = new Map<string, Map<unknown, number>>();
  /** A save is reading the world. */
  private quiet = false;
  private reached: Reached = emptyReached();
  /** What saves wrote of the world's append-only lists (see changesOf). */
  readonly lists = new SavedLists();

  constructor(readonly sandbox: Sandbox) {
    for (const field of Object.keys(sandbox)) this.watch(sandbox, field);
    sandbox.writes = this;
  }

  /** A request that may change the world starts; `everything` when its changes cannot be told apart. */
  begin(everything = false): void {
    this.depth++;
    this.writeCount++;
    if (everything) this.reached.everything = true;
  }

  end(): void {
    this.depth--;
  }

  /** Runs `read` without telling the tracker of what it reads (a save reading the world). */
  quietly<T>(read: () => T): T {
    const depth = this.depth;
    this.depth = 0;
    this.quiet = true;
    try {
      return read();
    } finally {
      this.depth = depth;
      this.quiet = false;
    }
  }

  /** What was reached since the last call; tracking starts afresh. */
  take(): Reached {
    const reached = this.reached;
    this.reached = emptyReached();
    this.heldBy = new Map();
    return reached;
  }

  reachField(field: string): void {
    this.reached.fields.add(field);
  }

  reachKey(field: string, key: unknown): void {
    let keys = this.reached.keys.get(field);
    if (!keys) this.reached.keys.set(field, (keys = new Set()));
    keys.add(key);
    if (keys.size > MAX_KEYS_PER_FIELD) this.reachField(field);
  }

  /** Adds the records an index entry holds now (`records`) to those it held when writes reached it, once per write. */
  holdEntry(field: string, key: unknown, records: () => unknown[]): void {
    let writes = this.heldBy.get(field);
    if (!writes) this.heldBy.set(field, (writes = new Map()));
    if (writes.get(key) === this.writeCount) return;
    writes.set(key, this.writeCount);
    let byKey = this.reached.held.get(field);
    if (!byKey) this.reached.held.set(field, (byKey = new Map()));
    let held = byKey.get(key);
    if (!held) byKey.set(key, (held = new Set()));
    for (const record of records()) held.add(record);
  }

  /** Wraps an index's own methods (on the instance) so each tells the key, the record or the whole it reaches. */
  private watchIndex(index: object, field: string, methods: IndexMethods) {
    const target = index as Record<string, (...args: unknown[]) => unknown>;
    const wrap = (name: string, reach: (first: unknown) => void) => {
      const method = target[name]!;
      target[name] = (...args: unknown[]) => {
        if (this.depth > 0) reach(args[0]);
        return method.apply(index, args);
      };
    };
    for (const name of methods.byKey) wrap(name, (key) => this.reachKey(field, key));
    for (const name of methods.byRecord) wrap(name, (record) => this.reachKey(field, (record as { id: string }).id));
    for (const name of methods.whole) wrap(name, () => this.reachField(field));
  }

  private watch(sandbox: Sandbox, field: string) {
    const part = savedParts[field as keyof typeof savedParts];
    if (part?.kind === 'unsaved') return;
    let value = (sandbox as unknown as Record<string, unknown>)[field];
    const keyed = (part?.kind === 'keyed' || part?.kind === 'state') && value instanceof Map;
    if (part?.kind === 'keyed' && part.index && value !== null && typeof value === 'object') this.watchIndex(value, field, part.index);
    const always = changedByReads.has(field);
    if (keyed) {
      Object.setPrototypeOf(value, TrackedMap.prototype);
      const held = part?.kind === 'keyed' && !part.home ? part.records : undefined;
      (value as TrackedMap<unknown, unknown>)[TRACKED] = { tracker: this, field, held };
    }
    Object.defineProperty(sandbox, field, {
      configurable: true,
      enumerable: true,
      get: () => {
        // A keyed map or index tells the keys itself.
        if (!keyed && !(part?.kind === 'keyed' && part.index) && (this.depth > 0 || (always && !this.quiet))) this.reachField(field);
        return value;
      },
      set: (next) => {
        this.reachField(field);
        value = next;
      },
    });
  }
}

type IndexMethods = NonNullable<KeyedPart['index']>;

const emptyReached = (): Reached => ({ everything: false, fields: new Set(), keys: new Map(), held: new Map() });
