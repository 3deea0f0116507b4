// One server per --db file, by any path to it: the lock is beside the file its path comes to, the
// symbolic links of the file and of its folders resolved; a file with hard links is refused, since a
// save replaces the file and would part it from its other names.
import { existsSync, linkSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DbLock } from '../../src/store/persistence/db-lock.js';

const taken: DbLock[] = [];
afterEach(() => {
  for (const lock of taken.splice(0)) lock.release();
});
const take = (path: string) => {
  const lock = DbLock.take(path);
  taken.push(lock);
  return lock;
};

/** A folder holding `data/state.json`, and `data` again through a symbolic link `alias`. */
function folders() {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-lock-'));
  mkdirSync(join(dir, 'data'));
  symlinkSync(join(dir, 'data'), join(dir, 'alias'));
  const file = join(dir, 'data', 'state.json');
  writeFileSync(file, '{}');
  return { dir, file };
}

describe('the lock of a --db file', () => {
  it('is found through a symbolic link of a folder on the path', () => {
    const { dir, file } = folders();
    const lock = take(join(dir, 'alias', 'state.json'));
    expect(lock.lock).toBe(`${file}.lock`);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });

  it('refuses a file that has another name (a hard link), naming what a save would do, and takes no lock', () => {
    const { dir, file } = folders();
    linkSync(file, join(dir, 'other-name.json'));
    expect(() => take(file)).toThrow(
      `the database ${file} has 1 other hard link: a save replaces the file, which would part it from them; name it by one path, or link it with a symbolic link`,
    );
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('takes a file that does not exist yet', () => {
    const { dir } = folders();
    const lock = take(join(dir, 'alias', 'new.json'));
    expect(lock.lock).toBe(join(dir, 'data', 'new.json.lock'));
  });
});
