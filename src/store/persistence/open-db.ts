import { DbLock } from './db-lock.js';
import { DbError } from './db-error.js';
import { SandboxFile } from './persist.js';
import { readSavedDb } from './db-read.js';
import { dbFileOf } from './db-path.js';
import type { SandboxSnapshot } from './snapshot.js';
import type { Sandboxes } from '../sandboxes.js';

export interface OpenDb {
  readonly file: SandboxFile;
  /** Saves what is left to save and releases the lock. */
  close(): Promise<void>;
}

/**
 * Locks `path` to this process, loads the default sandbox from it (and its log) when it exists and
 * writes it whole at once either way. On any failure the lock is released and the file is as it was.
 * A symbolic link is read and written through: the file it leads to is replaced, the link stays.
 */
export async function openSandboxFile(path: string, sandboxes: Sandboxes): Promise<OpenDb> {
  const lock = DbLock.take(path);
  try {
    const target = dbFileOf(path);
    const saved = readSavedDb(target);
    if (saved) load(target, sandboxes, saved.snapshot);
    const file = new SandboxFile(target, () => sandboxes.default, saved?.generation);
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

function load(path: string, sandboxes: Sandboxes, saved: SandboxSnapshot) {
  try {
    sandboxes.load(saved);
  } catch (error) {
    // The file was checked before: what still fails to build is named, on one line, all the same.
    throw new DbError(`the database ${path} holds a world this mock-api cannot build (${(error as Error).message}); it was left as it is`);
  }
}
