import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { fromJson, toJson } from './codec.js';
import { parseFixtures, FixtureError } from '../fixtures/fixtures.js';
import type { WorldSnapshot } from './snapshot.js';
import { DbError } from './db-error.js';

/** What a database file says it is; a file that says anything else is refused, never overwritten. */
export const DB_FORMAT = 'mock-api-db';
export const DB_VERSION = 1;

interface DbFile {
  format: string;
  version: number;
  savedAt: string;
  world: unknown;
}

/**
 * A save trails the last change by 50 ms and comes at least every 250 ms under a steady stream of
 * writes (a crash loses at most that); both grow with the time a save takes (a large world's), so
 * saving stays a small share of the process's time (the `--db` write row of `npm run bench`).
 */
const debounceMs = (lastSaveMs: number) => Math.max(50, 5 * lastSaveMs);
const maxWaitMs = (lastSaveMs: number) => Math.max(250, 20 * lastSaveMs);

/**
 * The default world's state in a JSON file (`--db`), through lowdb's JSONFile adapter: steno writes a
 * temporary file and renames it over the old one, so a process killed at any moment leaves either the
 * previous complete file or the new one. Saves are debounced: many writes, one save.
 */
export class WorldFile {
  private readonly db: Low<DbFile | null>;
  private timer: NodeJS.Timeout | undefined;
  private firstPending = 0;
  private lastSaveMs = 0;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly snapshot: () => WorldSnapshot,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    this.db = new Low<DbFile | null>(new JSONFile<DbFile | null>(file), null);
  }

  /** The state the file holds; undefined when there is no file yet. */
  static async read(file: string): Promise<WorldSnapshot | undefined> {
    const db = new Low<DbFile | null>(new JSONFile<DbFile | null>(file), null);
    try {
      await db.read();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code) throw new DbError(`cannot read the database ${file} (${code})`);
      throw new DbError(`the database ${file} is not valid JSON (${(error as Error).message}); it was left as it is`);
    }
    const content = db.data;
    if (content === null) return undefined;
    if (content?.format !== DB_FORMAT) throw new DbError(`${file} is not a mock-api database (no "format": "${DB_FORMAT}"); it was left as it is`);
    if (content.version !== DB_VERSION) {
      throw new DbError(`the database ${file} has format version ${String(content.version)}; this mock-api reads version ${DB_VERSION}; it was left as it is`);
    }
    const snapshot = fromJson(content.world) as WorldSnapshot;
    try {
      // The records are checked as fixtures are: a hand-edited file names its problem.
      parseFixtures(snapshot.data as unknown as Record<string, unknown>);
    } catch (error) {
      if (error instanceof FixtureError) throw new DbError(`the database ${file} holds an invalid record: ${error.message}`);
      throw error;
    }
    return snapshot;
  }

  /** A change was made: save soon. */
  changed(): void {
    const now = Date.now();
    if (this.timer === undefined) this.firstPending = now;
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(debounceMs(this.lastSaveMs), this.firstPending + maxWaitMs(this.lastSaveMs) - now));
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  /** Saves now (and waits for any save under way); a failed save goes to `onError`. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const started = performance.now();
    const world = toJson(this.snapshot());
    this.saving = this.saving
      .then(() => this.write(world))
      .then(() => void (this.lastSaveMs = performance.now() - started))
      .catch((error: Error) => this.onError(error));
    return this.saving;
  }

  /** The first save, at start: a file that cannot be written is a DbError before any request. */
  async create(): Promise<void> {
    try {
      await this.write(toJson(this.snapshot()));
    } catch (error) {
      throw new DbError(`cannot write the database ${this.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }

  private write(world: unknown) {
    this.db.data = { format: DB_FORMAT, version: DB_VERSION, savedAt: new Date().toISOString(), world };
    return this.db.write();
  }
}
