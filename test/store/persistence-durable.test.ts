import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, register, savedUsernames, startCli, tempDir } from '../support/db-cli.js';

/** The id of a process that has exited: no process holds it now. */
function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  return new Promise((resolve) => child.once('exit', () => resolve(child.pid!)));
}

describe('--db durability', () => {
  it('keeps every acknowledged write when killed with SIGKILL right after the last answer (5 rounds)', async () => {
    const db = join(tempDir(), 'state.json');
    for (let round = 0; round < 5; round++) {
      const { child, url, exited } = startCli(['--db', db]);
      const apiUrl = await url;
      const acknowledged: string[] = [];
      let killed = false;
      const stopAfter = 40 + round * 30;
      const writer = async (worker: number) => {
        for (let i = 0; !killed; i++) {
          const username = `r${round}w${worker}n${i}`;
          const response = await register(apiUrl, username).catch(() => undefined);
          if (killed) return;
          if (response?.status === 200) acknowledged.push(username);
          // Killed in the same tick as an acknowledgement arrives, other writes still in flight.
          if (acknowledged.length >= stopAfter) {
            killed = true;
            child.kill('SIGKILL');
          }
        }
      };
      await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(writer));
      await exited;
      const saved = savedUsernames(db);
      expect(acknowledged.filter((username) => !saved.has(username))).toEqual([]);
    }
  }, 60_000);
});

describe('--db lock', () => {
  it('refuses a second server on the same file with one line and exit code 2', async () => {
    const db = join(tempDir(), 'state.json');
    const first = startCli(['--db', db]);
    try {
      const apiUrl = await first.url;
      const second = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 15_000 });
      expect(second.status).toBe(2);
      expect(second.stderr).toBe(
        `mock-api: the database ${db} is in use by process ${first.child.pid} (${db}.lock); it was left as it is\n`,
      );
      // The first server still saves to it.
      expect((await register(apiUrl, 'ivy-green')).status).toBe(200);
      expect(savedUsernames(db).has('ivy-green')).toBe(true);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('refuses a second server reaching the file through a symbolic link', async () => {
    const dir = tempDir();
    const db = join(dir, 'state.json');
    symlinkSync(db, join(dir, 'link.json'));
    const first = startCli(['--db', db]);
    try {
      await first.url;
      const second = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', join(dir, 'link.json')], {
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect(second.status).toBe(2);
      expect(second.stderr).toBe(
        `mock-api: the database ${join(dir, 'link.json')} is in use by process ${first.child.pid} (${db}.lock); it was left as it is\n`,
      );
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('refuses a file with a hard link, which a save would part from it, and leaves both as they were', async () => {
    const dir = tempDir();
    const db = join(dir, 'state.json');
    const made = startCli(['--db', db]);
    await made.url;
    made.child.kill('SIGTERM');
    await made.exited;
    const other = join(dir, 'other-name.json');
    linkSync(db, other);
    const before = readFileSync(db, 'utf8');
    for (const path of [db, other]) {
      const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', path], { encoding: 'utf8', timeout: 15_000 });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(
        `mock-api: the database ${path} has 1 other hard link: a save replaces the file, which would part it from them; name it by one path, or link it with a symbolic link\n`,
      );
    }
    expect(readFileSync(other, 'utf8')).toBe(before);
    expect(statSync(db).nlink).toBe(2);
  });

  it('keeps a symbolic link a link, saving to the file it leads to', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'data'));
    const target = join(dir, 'data', 'state.json');
    const link = join(dir, 'state.json');
    symlinkSync(join('data', 'state.json'), link);
    const { child, url, exited } = startCli(['--db', link]);
    expect((await register(await url, 'link-kept')).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(savedUsernames(target).has('link-kept')).toBe(true);
    expect(existsSync(`${target}.lock`)).toBe(false);
  });

  it('refuses a directory with one line and exit code 2', () => {
    const dir = tempDir();
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', dir], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`mock-api: --db ${dir} is a directory: name a JSON file in it, such as ${join(dir, 'state.json')}\n`);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('removes its lock on exit', async () => {
    const db = join(tempDir(), 'state.json');
    const { child, url, exited } = startCli(['--db', db]);
    await url;
    expect(readFileSync(`${db}.lock`, 'utf8')).toBe(String(child.pid));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(`${db}.lock`)).toBe(false);
  });

  it('takes over the lock of a process that is gone', async () => {
    const db = join(tempDir(), 'state.json');
    writeFileSync(`${db}.lock`, String(await deadPid()));
    const { child, url, exited } = startCli(['--db', db]);
    try {
      expect((await register(await url, 'jade-stone')).status).toBe(200);
      expect(readFileSync(`${db}.lock`, 'utf8')).toBe(String(child.pid));
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
