import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DbError } from './db-error.js';
import { dbFileOf, fileIdentity } from './db-path.js';

/** Whether a process of that id runs (one of another user's answers EPERM: it runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Holder {
  pid: number;
  /** The file the holder locked by identity, where the lock names one. */
  file?: string;
}

/** The lock's holder: its first line is the process id, a second line the file of a lock by identity. */
function holderOf(lock: string): Holder | undefined {
  try {
    const [pidLine, file] = readFileSync(lock, 'utf8').split('\n');
    const pid = Number(pidLine!.trim());
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, file: file || undefined } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes `lock` holding this process's id (and `file`, for a lock by identity), taking over one whose
 * process is gone, or one that `stillHeld` says no longer locks this file; `path` is the database as the
 * user named it.
 */
function takeLockFile(lock: string, path: string, file?: string, stillHeld: (holder: Holder) => boolean = () => true): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' creates the file or fails: of two servers starting at once, one gets it.
      writeFileSync(lock, file === undefined ? String(process.pid) : `${process.pid}\n${file}`, { flag: 'wx' });
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new DbError(`cannot lock the database ${path} (${code ?? (error as Error).message})`);
    }
    const holder = holderOf(lock);
    if (holder !== undefined && holder.pid !== process.pid && isRunning(holder.pid) && stillHeld(holder)) {
      throw new DbError(`the database ${path} is in use by process ${holder.pid} (${lock}); it was left as it is`);
    }
    try {
      unlinkSync(lock);
    } catch {
      // another server took the stale lock over first: the next attempt finds out whose it is
    }
  }
  throw new DbError(`the database ${path} is in use by another process (${lock}); it was left as it is`);
}

/**
 * Where the locks of files by identity live: one folder every server of this user looks in, since
 * the names of one file (hard links) may be in any folders.
 */
const identityLocks = () => join(tmpdir(), `mock-api-db-locks-${process.getuid?.() ?? 'user'}`);

/**
 * One server per database file, or each would save over the other's writes. The file is locked by
 * name and by identity: `<file>.lock` beside the file a symbolic link leads to (holding the server's
 * process id), and, for a file that exists, a lock named by its device and inode in a folder of the
 * system's temporary directory (holding the process id and the file), which a server reaching the same
 * file through a hard link finds. A
 * lock whose process is gone (killed, say) is taken over. Released on close and on any exit.
 */
export class DbLock {
  private readonly releaseOnExit = () => this.release();

  private constructor(readonly locks: readonly string[]) {
    process.once('exit', this.releaseOnExit);
  }

  static take(path: string): DbLock {
    const file = dbFileOf(path);
    const byName = `${file}.lock`;
    takeLockFile(byName, path);
    const identity = fileIdentity(file);
    if (identity === undefined) return new DbLock([byName]);
    const byIdentity = join(identityLocks(), `${identity}.lock`);
    try {
      mkdirSync(identityLocks(), { recursive: true, mode: 0o700 });
      // A save replaces the holder's file, which then has another inode, and the system may give the old
      // number to a new file: the lock holds only while the file its holder locked is still this one.
      takeLockFile(byIdentity, path, file, (holder) => holder.file === undefined || fileIdentity(holder.file) === identity);
    } catch (error) {
      releaseLockFile(byName);
      throw error;
    }
    return new DbLock([byName, byIdentity]);
  }

  release(): void {
    process.off('exit', this.releaseOnExit);
    for (const lock of this.locks) releaseLockFile(lock);
  }
}

function releaseLockFile(lock: string) {
  try {
    if (holderOf(lock)?.pid === process.pid) unlinkSync(lock);
  } catch {
    // already gone
  }
}
