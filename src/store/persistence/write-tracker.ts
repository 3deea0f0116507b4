import type { Sandbox } from '../sandbox.js';
import { savedPartsOf, type SavedParts } from './saved-parts.js';
import { SavedLists } from './saved-lists.js';
import type { MonthBucket } from '../indexes/calendar.js';
import { WatchedMap, type Watchable, type Watcher } from '../watched-map.js';

/** What the requests that may change a sandbox reached of it since the last save. */
export interface Reached {
  /** A change the fields cannot tell (the control plane's, a sandbox replaced): save the whole sandbox. */
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

/**
 * Follows one sandbox (the one a `--db` file saves) and records what the requests that may change it
 * reach while they run. Each keyed field (saved entry by entry, see savedParts) is a watched map or
 * index from the sandbox's creation (see WatchedMap): the tracker becomes its watcher and hears the
 * keys a write reads, sets or deletes, or that it read the whole. Any other field is reached whole
 * when a write reads it from the sandbox. A save then writes only those parts.
 */
export class WriteTracker {
  /** Writes running now. */
  depth = 0;
  /** Counts the writes begun, so an index entry's records are read once per write that reaches it. */
  private writeCount = 0;
  /** Index field -> key -> the write that last had the entry's records read. */
  private heldBy = new Map<string, Map<unknown, number>>();
  /** A save is reading the sandbox. */
  private quiet = false;
  private reached: Reached = emptyReached();
  /** What saves wrote of the sandbox's append-only lists (see changesOf). */
  readonly lists = new SavedLists();
  /** Where each field of the sandbox is saved. */
  readonly parts: SavedParts;
  /** The groups' calendars a save has written (see changedCalendar). */
  readonly calendarsSaved = new WeakSet<readonly MonthBucket[]>();

  constructor(readonly sandbox: Sandbox) {
    this.parts = savedPartsOf(sandbox);
    for (const field of Object.keys(sandbox)) this.watch(sandbox, field);
    sandbox.writes = this;
  }

  /** A request that may change the sandbox starts; `everything` when its changes cannot be told apart. */
  begin(everything = false): void {
    this.depth++;
    this.writeCount++;
    if (everything) this.reached.everything = true;
  }

  end(): void {
    this.depth--;
  }

  /** Runs `read` without telling the tracker of what it reads (a save reading the sandbox). */
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

  /** The watcher of one keyed field; for an index of records that live elsewhere, `held` gives the records an entry holds. */
  private watcherOf(field: string, map: Watchable, held: ((value: unknown) => unknown[]) | undefined): Watcher {
    const entry = (key: unknown) => (map instanceof WatchedMap ? map.peek(key) : undefined);
    return {
      reachKey: (key) => {
        if (this.depth === 0) return;
        this.reachKey(field, key);
        if (held) this.holdEntry(field, key, () => held(entry(key)));
      },
      reachAll: () => {
        if (this.depth > 0) this.reachField(field);
      },
    };
  }

  private watch(sandbox: Sandbox, field: string) {
    const part = this.parts.byField.get(field);
    if (part?.kind === 'unsaved') return;
    let value = (sandbox as unknown as Record<string, unknown>)[field];
    // A keyed field that is not watchable (a plain map someone put there) is saved whole when reached.
    let watchable = false;
    if ((part?.kind === 'keyed' || part?.kind === 'state') && isWatchable(value)) {
      value.watcher = this.watcherOf(field, value, part.kind === 'keyed' && !part.home ? part.records : undefined);
      watchable = true;
    }
    const always = changedByReads.has(field);
    Object.defineProperty(sandbox, field, {
      configurable: true,
      enumerable: true,
      get: () => {
        if (!watchable && (this.depth > 0 || (always && !this.quiet))) this.reachField(field);
        return value;
      },
      set: (next) => {
        this.reachField(field);
        value = next;
      },
    });
  }
}

const isWatchable = (value: unknown): value is Watchable =>
  value instanceof WatchedMap || (typeof value === 'object' && value !== null && 'watcher' in value);

const emptyReached = (): Reached => ({ everything: false, fields: new Set(), keys: new Map(), held: new Map() });
