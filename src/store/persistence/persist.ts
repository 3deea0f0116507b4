import { DbError } from './db-error.js';
import { DB_FORMAT, DB_VERSION, readDb } from './db-read.js';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-file.js';
import { LogWriter } from './db-log.js';
import { changesOf } from './changes.js';
import { WriteTracker } from './write-tracker.js';
import { savedSnapshot, type SandboxSnapshot } from './snapshot.js';
import type { Sandbox } from '../sandbox.js';

export interface SandboxFileOptions {
  /** The log is folded into the file once it holds more bytes than this; by default 8 MiB or half the file, the larger. */
  maxLogBytes?: number;
}

const MIN_LOG_BYTES = 8 << 20;

/**
 * The default sandbox's state in a JSON file (`--db`) and a log beside it, saved durably with group
 * commit: one save runs at a time, and every change made while it runs is saved together by the
 * next one. A save appends to the log what the writes since the last one reached (see WriteTracker
 * and changesOf), so its cost follows what they changed, not the sandbox; once the log has grown past
 * its bound, or after a change the log cannot tell (the control plane's, a sandbox replaced), the
 * sandbox is written whole and the log goes. A change is acknowledged once `commit()` resolves, so a
 * process killed at any moment keeps every acknowledged change.
 */
export class SandboxFile {
  /** The save under way: it holds the sandbox as it was when it started. */
  private running: Promise<void> | undefined;
  /** The save that starts once the running one is done, holding every change made meanwhile. */
  private queued: Promise<void> | undefined;
  private tracker: WriteTracker | undefined;
  private readonly log: LogWriter;
  /** The whole file, written through lowdb with an adapter that streams it and flushes it to the disk. */
  private readonly wholeFile: DurableJsonFile<object>;
  private readonly db: Low<object>;
  /** After a save that failed, the log may end in a torn line and has lost that save's changes. */
  private mustWriteWhole = true;
  private fileBytes = 0;

  /** `current` gives the sandbox to save as it is now; `generation` is the file's as it is on disk. */
  constructor(
    readonly file: string,
    private readonly current: () => Sandbox,
    private generation = 0,
    private readonly options: SandboxFileOptions = {},
  ) {
    this.log = new LogWriter(file);
    this.wholeFile = new DurableJsonFile(file);
    this.db = new Low(this.wholeFile, {});
  }

  /** The state the file and its log hold; undefined when there is no file yet. */
  static read(file: string): SandboxSnapshot | undefined {
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

  /** Like commit, with the sandbox written whole and the log gone. */
  commitWhole(): Promise<void> {
    this.mustWriteWhole = true;
    return this.commit();
  }

  /** The first save, at start: a file that cannot be written is a DbError before any request. */
  async create(): Promise<void> {
    try {
      await this.commitWhole();
    } catch (error) {
      throw new DbError(`cannot write the database ${this.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }

  /** Saves what is left to save, whole, and lets go of the log. */
  async close(): Promise<void> {
    try {
      await this.commitWhole();
    } finally {
      await this.log.close();
    }
  }

  private save(): Promise<void> {
    // The sandbox is read now, in one synchronous step: the save holds every change made before it.
    const write = this.writeNow();
    const save: Promise<void> = write
      .catch((error: unknown) => {
        this.mustWriteWhole = true;
        throw error;
      })
      .finally(() => {
        if (this.running === save) this.running = undefined;
      });
    this.running = save;
    return save;
  }

  private writeNow(): Promise<void> {
    const sandbox = this.current();
    // A sandbox put in the place of the one the tracker followed (the control plane's records, a
    // restore, a reset) was changed where no tracker saw it, and so was every write made in it
    // since: only the sandbox written whole holds them.
    const replaced = this.tracker?.sandbox !== sandbox;
    const tracker = replaced || !this.tracker ? (this.tracker = new WriteTracker(sandbox)) : this.tracker;
    const reached = tracker.take();
    const whole =
      replaced ||
      this.mustWriteWhole ||
      reached.everything ||
      this.log.size > (this.options.maxLogBytes ?? Math.max(MIN_LOG_BYTES, this.fileBytes / 2));
    if (!whole) {
      const changes = tracker.quietly(() => changesOf(sandbox, reached, tracker));
      return changes.length === 0 ? Promise.resolve() : this.log.append(this.generation, changes);
    }
    this.mustWriteWhole = false;
    tracker.lists.forget();
    const generation = this.generation + 1;
    // The adapter reads the live sandbox before write() returns, so the file holds it as it is now.
    const written = tracker.quietly(() => {
      this.db.data = {
        format: DB_FORMAT,
        version: DB_VERSION,
        generation,
        savedAt: new Date().toISOString(),
        world: savedSnapshot(sandbox),
      };
      return this.db.write();
    });
    this.db.data = {};
    this.generation = generation;
    return written.then(() => {
      this.fileBytes = this.wholeFile.bytes;
      return this.log.remove();
    });
  }
}
