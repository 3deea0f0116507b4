import { DbLock } from './db-lock.js';
import { DbError } from './db-error.js';
import { WorldFile } from './persist.js';
import { readSavedDb } from './db-read.js';
import type { WorldSnapshot } from './snapshot.js';
import type { Worlds } from '../worlds.js';

export interface OpenDb {
  readonly file: WorldFile;
  /** Saves what is left to save and releases the lock. */
  close(): Promise<void>;
}

/**
 * Locks `path` to this process, loads the default world from it (and its log) when it exists and
 * writes it whole at once either way. On any failure the lock is released and the file is as it was.
 */
export async function openWorldFile(path: string, worlds: Worlds): Promise<OpenDb> {
  const lock = DbLock.take(path);
  try {
    const saved = readSavedDb(path);
    if (saved) load(path, worlds, saved.snapshot);
    const file = new WorldFile(path, () => worlds.default, saved?.generation);
    await file.create();
    return {
      file,
      close: async () => {
        try {
          await file.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

function load(path: string, worlds: Worlds, saved: WorldSnapshot) {
  try {
    worlds.load(saved);
  } catch (error) {
    // The file was checked before: what still fails to build is named, on one line, all the same.
    throw new DbError(`the database ${path} holds a world this mock-api cannot build (${(error as Error).message}); it was left as it is`);
  }
}
