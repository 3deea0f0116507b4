import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/main/index.js';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../src/store/persistence/export-fixtures.js';
import { sandboxData } from '../../src/store/persistence/snapshot.js';
import { createSandbox } from '../../src/store/sandbox.js';
import { manualClock } from '../../src/store/clock.js';
import { testSandbox } from '../support/helpers.js';
import { bin, register, registration, savedUsernames, startCli, tempDir } from '../support/db-cli.js';

const canLogIn = async (apiUrl: string, username: string) =>
  (await fetch(`${apiUrl}/auth/user`, { headers: { authorization: encodeBasic(username, `${username}-password`) } })).status === 200;

describe('--db', () => {
  it('keeps the default world across a restart', async () => {
    const db = join(tempDir(), 'state.json');
    const first = await startServer({ db });
    expect((await register(first.apiUrl, 'dave')).status).toBe(200);
    await first.close();
    const second = await startServer({ db });
    try {
      expect(await canLogIn(second.apiUrl, 'dave')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('has a write on disk by the time its answer arrives', async () => {
    const db = join(tempDir(), 'state.json');
    const server = await startServer({ db });
    try {
      expect((await register(server.apiUrl, 'erin')).status).toBe(200);
      expect(savedUsernames(db).has('erin')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('saves on SIGTERM what was written just before it', async () => {
    const db = join(tempDir(), 'state.json');
    const { child, url, exited } = startCli(['--db', db]);
    expect((await register(await url, 'hank')).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // A clean stop writes the world whole: the log's changes are in the file and the log is gone.
    expect(readFileSync(db, 'utf8')).toContain('"hank"');
    expect(existsSync(`${db}.log`)).toBe(false);
  });

  it('names its format and version in the file', async () => {
    const db = join(tempDir(), 'state.json');
    await (await startServer({ db })).close();
    expect(JSON.parse(readFileSync(db, 'utf8'))).toMatchObject({ format: 'mock-api-db', version: 1 });
  });

  it('refuses a file that is not JSON with one line and exit code 2, leaving it as it was', () => {
    const db = join(tempDir(), 'state.json');
    writeFileSync(db, '{"format":"mock-api-db", "vers');
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^mock-api: the database ${db} is not valid JSON \\(.*\\); it was left as it is\\n$`));
    expect(readFileSync(db, 'utf8')).toBe('{"format":"mock-api-db", "vers');
  });

  it('refuses a file of another format version with one line and exit code 2', () => {
    const db = join(tempDir(), 'state.json');
    writeFileSync(db, JSON.stringify({ format: 'mock-api-db', version: 99, world: {} }));
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`mock-api: the database ${db} has format version 99; this mock-api reads version 1; it was left as it is\n`);
  });

  it('refuses a JSON file that is not a mock-api database', () => {
    const db = join(tempDir(), 'package.json');
    writeFileSync(db, '{"name":"x"}');
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`mock-api: ${db} is not a mock-api database (no "format": "mock-api-db"); it was left as it is\n`);
  });

  it('never leaves a torn file when killed with SIGKILL during a burst of writes (20 times)', async () => {
    const db = join(tempDir(), 'state.json');
    const torn: string[] = [];
    for (let round = 0; round < 20; round++) {
      // Each round starts from what the last one left: a torn file would refuse to start.
      const { child, url, exited } = startCli(['--db', db]);
      const apiUrl = await url;
      let killed = false;
      const writer = async (worker: number) => {
        for (let i = 0; !killed; i++) await register(apiUrl, `u${round}w${worker}n${i}`).catch(() => {});
      };
      // Meanwhile the file is read again and again: it must parse whenever it is read.
      const reader = async () => {
        while (!killed) {
          const text = readFileSync(db, 'utf8');
          try {
            JSON.parse(text);
          } catch {
            torn.push(`round ${round}: ${text.length} characters`);
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      // Kill times spread over the first 0.6 s of the burst, a different one each round.
      setTimeout(
        () => {
          killed = true;
          child.kill('SIGKILL');
        },
        50 + ((round * 131) % 600),
      );
      await Promise.all([0, 1, 2, 3].map(writer).concat(reader()));
      await exited;
      expect(JSON.parse(readFileSync(db, 'utf8'))).toMatchObject({ format: 'mock-api-db', version: 1 });
    }
    expect(torn).toEqual([]);
  }, 60_000);
});

describe('export and --fixtures', () => {
  it('a world exported as fixtures starts identical', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('PUT', '/message/usr_a11ce000-0000-4000-8000-000000000001/message/5', { cookie, body: { message: 'Exported!' } });
    await t.call('POST', '/auth/register', { body: registration('frank') });
    const dir = tempDir();
    writeFixtureDir(dir, sandboxData(t.sandbox));
    const again = createSandbox(readFixtureDir(dir), manualClock());
    expect(sandboxData(again)).toEqual(JSON.parse(JSON.stringify(sandboxData(t.sandbox))));
  });

  it('mock-api export writes the world a --db file holds, which --fixtures starts from', async () => {
    const db = join(tempDir(), 'state.json');
    const server = await startServer({ db });
    await register(server.apiUrl, 'gina');
    await server.close();
    const dir = join(tempDir(), 'fixtures');
    const exported = spawnSync(process.execPath, [bin, 'export', dir, '--db', db], { encoding: 'utf8', timeout: 15_000 });
    expect(exported.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).toMatchObject({ format: 'mock-api-state', version: 1 });
    const { child, url, exited } = startCli(['--fixtures', dir]);
    try {
      expect(await canLogIn(await url, 'gina')).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('refuses a state.json of another format version with one line and exit code 2', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'state.json'), JSON.stringify({ format: 'mock-api-state', version: 99, state: {} }));
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--fixtures', dir], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`mock-api: invalid fixture ${join(dir, 'state.json')}: version: is 99; this mock-api reads version 1\n`);
  });
});
