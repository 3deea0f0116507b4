// The lock by identity of a --db file (its device and inode): a save replaces the file, so the inode a
// server locked at start may later be given to another file, which must not then be refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DbLock } from '../../src/store/persistence/db-lock.js';
import { fileIdentity } from '../../src/store/persistence/db-path.js';

const locks: DbLock[] = [];
const planted: string[] = [];
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const lock of planted.splice(0)) rmSync(lock, { force: true });
});

/** A lock by identity on `file`'s inode, as a running server (this process's parent) that locked `heldFile` would leave it. */
function identityLockOf(file: string, heldFile: string) {
  const folder = join(tmpdir(), `mock-api-db-locks-${process.getuid?.() ?? 'user'}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const lock = join(folder, `${fileIdentity(file)}.lock`);
  writeFileSync(lock, `${process.ppid}\n${heldFile}`);
  planted.push(lock);
  return lock;
}

function dbFile(name = 'state.json') {
  const file = join(mkdtempSync(join(tmpdir(), 'mock-api-lock-')), name);
  writeFileSync(file, '{}');
  return file;
}

describe('the lock of a --db file by identity', () => {
  it("is taken over when the file its holder locked is no longer this one (the holder's save replaced it)", () => {
    const file = dbFile();
    const elsewhere = dbFile('replaced.json');
    identityLockOf(file, elsewhere);
    const lock = DbLock.take(file);
    locks.push(lock);
    expect(lock.locks).toHaveLength(2);
  });

  it('refuses a second server while the holder still holds this very file, through whatever name', () => {
    const file = dbFile();
    const lock = identityLockOf(file, file);
    expect(() => DbLock.take(file)).toThrow(`the database ${file} is in use by process ${process.ppid} (${lock}); it was left as it is`);
  });
});
