import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/main/index.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { bin, register, savedUsernames, tempDir } from '../support/db-cli.js';
import { testSandbox } from '../support/helpers.js';

const logLines = (db: string) => readFileSync(`${db}.log`, 'utf8').split('\n').slice(0, -1);

/** A database file and its log as a server killed after two registrations leaves them. */
async function fileWithLog(): Promise<{ db: string; file: string; log: string }> {
  const db = join(tempDir(), 'state.json');
  const server = await startServer({ db });
  expect((await register(server.apiUrl, 'lena')).status).toBe(200);
  expect((await register(server.apiUrl, 'milo')).status).toBe(200);
  const files = { db, file: readFileSync(db, 'utf8'), log: readFileSync(`${db}.log`, 'utf8') };
  await server.close();
  // As a kill -9 leaves them: the file as written at start, the log holding both registrations.
  writeFileSync(db, files.file);
  writeFileSync(`${db}.log`, files.log);
  return files;
}

function startOn(db: string) {
  return spawnSync(process.execPath, [bin, 'start', '--port', '0', '--db', db], { encoding: 'utf8', timeout: 15_000 });
}

describe('the --db log', () => {
  it('holds a write as the records it changed, not the world, once its answer arrives', async () => {
    const db = join(tempDir(), 'state.json');
    const server = await startServer({ db });
    try {
      expect((await register(server.apiUrl, 'nora')).status).toBe(200);
      expect(readFileSync(db, 'utf8')).not.toContain('"nora"');
      const [header, entry, ...more] = logLines(db);
      expect(JSON.parse(header!)).toEqual({ format: 'mock-api-db-log', version: 1, generation: 1 });
      expect(more).toEqual([]);
      const users = JSON.parse(entry!).changes.filter((change: { collection?: string }) => change.collection === 'users');
      expect(users.map((change: { records: { username: string }[] }) => change.records.map((user) => user.username))).toEqual([['nora']]);
      expect(savedUsernames(db).has('nora')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('is replayed at start and folded into the file, which is then written whole', async () => {
    const { db } = await fileWithLog();
    const server = await startServer({ db });
    try {
      expect(existsSync(`${db}.log`)).toBe(false);
      const users = new Set((JSON.parse(readFileSync(db, 'utf8')).world.data.users as { username: string }[]).map((user) => user.username));
      expect(users.has('lena') && users.has('milo')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('drops a last line cut short by a kill, keeping the lines before it', async () => {
    const { db, log } = await fileWithLog();
    const lines = log.split('\n');
    writeFileSync(`${db}.log`, `${lines.slice(0, 2).join('\n')}\n${lines[2]!.slice(0, 40)}`);
    const names = savedUsernames(db);
    expect([names.has('lena'), names.has('milo')]).toEqual([true, false]);
  });

  it('is left out when older than the file (the process stopped between writing the file whole and removing it)', async () => {
    const { db, log } = await fileWithLog();
    writeFileSync(`${db}.log`, log.replace('"generation":1', '"generation":0'));
    expect([...savedUsernames(db)].some((name) => name === 'lena' || name === 'milo')).toBe(false);
  });

  it('is folded into the file once it outgrows its bound, and after a control-plane write', async () => {
    const t = testSandbox();
    const db = join(tempDir(), 'state.json');
    const file = new SandboxFile(db, () => t.sandbox, 0, { maxLogBytes: 1 });
    await file.create();
    const cookie = await t.login('alice');
    const edit = (bio: string) => t.call('PUT', `/users/${t.sandbox.users.keys().next().value}`, { cookie, body: { bio } });
    await edit('one');
    await file.commit();
    expect(logLines(db)).toHaveLength(2);
    await edit('two');
    await file.commit();
    expect(existsSync(`${db}.log`)).toBe(false);
    await edit('three');
    await file.commit();
    expect(existsSync(`${db}.log`)).toBe(true);
    expect((await t.app.request('/_mock/reset', { method: 'POST' })).status).toBe(200);
    await file.commit();
    expect(existsSync(`${db}.log`)).toBe(false);
    await file.close();
  });

  it('after a control-plane record put, writes the world whole, with a write made in the new world before the save', async () => {
    const t = testSandbox();
    const db = join(tempDir(), 'state.json');
    const file = new SandboxFile(db, () => t.sandbox, 0);
    await file.create();
    const cookie = await t.login('alice');
    const alice = t.sandbox.users.keys().next().value!;
    const put = await t.app.request('/_mock/records/userNotes', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'unt_a11ce000-0000-4000-8000-00000000fe01',
        userId: alice,
        targetUserId: alice,
        note: 'put by the control plane',
      }),
    });
    expect(put.status).toBe(200);
    expect((await t.call('PUT', `/users/${alice}`, { cookie, body: { bio: 'written after the put' } })).status).toBe(200);
    // One save holds both, as group commit saves them when they arrive together.
    await file.commit();
    const killed = readFileSync(db, 'utf8');
    expect(existsSync(`${db}.log`)).toBe(false);
    expect(killed).toContain('put by the control plane');
    expect(killed).toContain('written after the put');
    await file.close();
  });
});

const hostileLogs: [string, (log: string) => string, RegExp][] = [
  ['a line in the middle that is not JSON', (log) => log.replace('\n{"changes"', '\n{"chang\n{"changes"'), /line 2 is not valid JSON/],
  ['no header', (log) => log.slice(log.indexOf('\n') + 1), /does not start with \{"format": "mock-api-db-log"/],
  ['a line that is not a list of changes', (log) => `${log}{"changes":[{"collection":7}]}\n`, /line 4 is not a list of changes/],
  [
    'a change dropping a negative count from a list',
    (log) => `${log}${JSON.stringify({ changes: [{ state: 'groupExtras.groupAuditLogs', key: 'g', drop: -1, append: [] }] })}\n`,
    /line 4 is not a list of changes/,
  ],
  ['a later generation than the file', (log) => log.replace('"generation":1', '"generation":5'), /follows a later save \(generation 5\)/],
  [
    'a change holding a user whose name is a number',
    (log) =>
      `${log}${JSON.stringify({ changes: [{ collection: 'users', by: 'id', key: 'x', home: true, records: [{ id: 'x', username: 1 }] }] })}\n`,
    /holds an invalid record: users.json: \[\d+\]\.(username|\w+): /,
  ],
];

describe('a hostile --db log', () => {
  it.each(hostileLogs)(
    '%s: one line, exit code 2, the file and the log left as they were',
    async (_, make, message) => {
      const { db, file, log } = await fileWithLog();
      const bytes = make(log);
      writeFileSync(`${db}.log`, bytes);
      const result = startOn(db);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^mock-api: [^\\n]*${message.source}[^\\n]*\\n$`));
      expect(readFileSync(`${db}.log`, 'utf8')).toBe(bytes);
      expect(readFileSync(db, 'utf8')).toBe(file);
    },
    20_000,
  );

  it('a log without its database file: one line, exit code 2', async () => {
    const { log } = await fileWithLog();
    const missing = join(tempDir(), 'state.json');
    writeFileSync(`${missing}.log`, log);
    const result = startOn(missing);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`mock-api: the database ${missing} is missing beside its log ${missing}.log; both were left as they are\n`);
    expect(existsSync(missing)).toBe(false);
  });
});
