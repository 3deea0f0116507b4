import { toJson } from './codec.js';
import { DbError } from './db-error.js';
import { DB_FORMAT, DB_VERSION, readDb } from './db-read.js';
import { Low } from 'lowdb';
import { DurableTextFile } from './durable-file.js';
import type { WorldSnapshot } from './snapshot.js';

/**
 * The default world's state in a JSON file (`--db`), saved durably (see writeDurably) with group
 * commit: one save runs at a time, and every change made while it runs is saved together by the
 * next one. A change is acknowledged once `commit()` resolves, so a process killed at any moment
 * keeps every acknowledged change.
 */
export class WorldFile {
  /** The save under way: it holds the world as it was when it started. */
  private running: Promise<void> | undefined;
  /** The save that starts once the running one is done, holding every change made meanwhile. */
  private queued: Promise<void> | undefined;

  private readonly db: Low<string>;

  /** `snapshot` gives the world's live state, read at once (it is not kept). */
  constructor(
    readonly file: string,
    private readonly snapshot: () => WorldSnapshot,
  ) {
    this.db = new Low(new DurableTextFile(file), '');
  }

  /** The state the file holds; undefined when there is no file yet. */
  static read(file: string): WorldSnapshot | undefined {
    return readDb(file);
  }

  /** Resolves once every change made before the call is on disk; rejects when that save fails. */
  commit(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.save();
    const after = this.running.catch(() => {});
    this.queued = after.then(() => {
      this.queued = undefined;
      return this.save();
    });
    return this.queued;
  }

  /** The first save, at start: a file that cannot be written is a DbError before any request. */
  async create(): Promise<void> {
    try {
      await this.commit();
    } catch (error) {
      throw new DbError(`cannot write the database ${this.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }

  private save(): Promise<void> {
    // The world is read now, in one synchronous step: the save holds every change made before it.
    this.db.data = JSON.stringify({
      format: DB_FORMAT,
      version: DB_VERSION,
      savedAt: new Date().toISOString(),
      world: toJson(this.snapshot()),
    });
    const save: Promise<void> = this.db.write().finally(() => {
      if (this.running === save) this.running = undefined;
    });
    this.running = save;
    return save;
  }
}
