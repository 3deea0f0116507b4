import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/main/index.js';
import { encodeBasic } from '../../src/http/basic-auth.js';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'mock-api.cjs');
const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-api-export-'));
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 15_000 });

describe('mock-api export', () => {
  it('writes a database file when the target ends in .json, which start --db serves', async () => {
    const file = join(tempDir(), 'world.json');
    const exported = cli('export', file);
    expect([exported.status, exported.stdout, exported.stderr]).toEqual([0, `mock-api exported the default world to ${file}\n`, '']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'mock-api-db', version: 1 });
    const server = await startServer({ db: file });
    try {
      expect(
        (await fetch(`${server.apiUrl}/auth/user`, { headers: { authorization: encodeBasic('alice', 'alice-password') } })).status,
      ).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('overwrites an existing .json file rather than failing to make a directory of it', () => {
    const file = join(tempDir(), 'world.json');
    writeFileSync(file, '');
    expect(cli('export', file).status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'mock-api-db' });
  });

  it('refuses an existing file of another name in one line, exit code 2', () => {
    const file = join(tempDir(), 'notes.txt');
    writeFileSync(file, 'mine');
    const result = cli('export', file);
    expect([result.status, result.stderr]).toEqual([
      2,
      `mock-api: ${file} is a file: export writes a fixtures directory, or a database file when the name ends in .json\n`,
    ]);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('says a --db file that does not exist does not, exit code 2, and writes nothing', () => {
    const dir = tempDir();
    const result = cli('export', join(dir, 'out'), '--db', join(dir, 'missing.json'));
    expect([result.status, result.stderr]).toEqual([2, `mock-api: no database ${join(dir, 'missing.json')}: the file does not exist\n`]);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
