import { readFileSync, realpathSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DbError } from './db-error.js';
import { dbFileOf } from './db-path.js';

/** Whether a process of that id runs (one of another user's answers EPERM: it runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Makes `lock` holding this process's id, taking over one whose process is gone; `path` is the database as the user named it. */
function takeLockFile(lock: string, path: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' creates the file or fails: of two servers starting at once, one gets it.
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new DbError(`cannot lock the database ${path} (${code ?? (error as Error).message})`);
    }
    const holder = holderOf(lock);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new DbError(`the database ${path} is in use by process ${holder} (${lock}); it was left as it is`);
    }
    try {
      unlinkSync(lock);
    } catch {
      // another server took the stale lock over first: the next attempt finds out whose it is
    }
  }
  throw new DbError(`the database ${path} is in use by another process (${lock}); it was left as it is`);
}

/** `file` with its folder's symbolic links resolved: the one name every path to the file comes to. */
function canonical(file: string): string {
  try {
    return join(realpathSync(dirname(file)), basename(file));
  } catch {
    return file;
  }
}

/** Other names (hard links) `file` has; 0 when there is no file yet. */
function otherLinks(file: string): number {
  try {
    return statSync(file).nlink - 1;
  } catch {
    return 0;
  }
}

/**
 * One server per database file, or each would save over the other's writes: `<file>.lock` (holding the
 * server's process id) beside the file its path comes to, symbolic links of the file and its folders
 * resolved, so a second server finds it by any path. A file with hard links is refused: a save replaces
 * the file, which would part it from its other names (and from a server reaching it through one). A lock
 * whose process is gone (killed, say) is taken over. Released on close and on any exit.
 */
export class DbLock {
  private readonly releaseOnExit = () => this.release();

  private constructor(readonly lock: string) {
    process.once('exit', this.releaseOnExit);
  }

  static take(path: string): DbLock {
    const file = canonical(dbFileOf(path));
    const links = otherLinks(file);
    if (links > 0) {
      throw new DbError(
        `the database ${path} has ${links} other hard link${links > 1 ? 's' : ''}: a save replaces the file, which would part it from them; name it by one path, or link it with a symbolic link`,
      );
    }
    const lock = `${file}.lock`;
    takeLockFile(lock, path);
    return new DbLock(lock);
  }

  release(): void {
    process.off('exit', this.releaseOnExit);
    releaseLockFile(this.lock);
  }
}

function releaseLockFile(lock: string) {
  try {
    if (holderOf(lock) === process.pid) unlinkSync(lock);
  } catch {
    // already gone
  }
}
