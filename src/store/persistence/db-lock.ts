import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { DbError } from './db-error.js';

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

/**
 * `<file>.lock` holding the server's process id: one server per database file, or each would save
 * over the other's writes. A lock whose process is gone (killed, say) is taken over. Released on
 * close and on any exit of the process.
 */
export class DbLock {
  private readonly releaseOnExit = () => this.release();

  private constructor(readonly lock: string) {
    process.once('exit', this.releaseOnExit);
  }

  static take(file: string): DbLock {
    const lock = `${file}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        // 'wx' creates the file or fails: of two servers starting at once, one gets it.
        writeFileSync(lock, String(process.pid), { flag: 'wx' });
        return new DbLock(lock);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST') throw new DbError(`cannot lock the database ${file} (${code ?? (error as Error).message})`);
      }
      const holder = holderOf(lock);
      if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
        throw new DbError(`the database ${file} is in use by process ${holder} (${lock}); it was left as it is`);
      }
      try {
        unlinkSync(lock);
      } catch {
        // another server took the stale lock over first: the next attempt finds out whose it is
      }
    }
    throw new DbError(`the database ${file} is in use by another process (${lock}); it was left as it is`);
  }

  release(): void {
    process.off('exit', this.releaseOnExit);
    try {
      if (holderOf(this.lock) === process.pid) unlinkSync(this.lock);
    } catch {
      // already gone
    }
  }
}
