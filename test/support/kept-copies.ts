import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../src/store/persistence/export-fixtures.js';
import { logOf } from '../../src/store/persistence/db-log.js';
import { openSandboxFile } from '../../src/store/persistence/open-db.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { sandboxData, sandboxState } from '../../src/store/persistence/snapshot.js';
import { testSandbox, type TestSandbox } from './helpers.js';

/**
 * The world saved as a server with `--db` saves it: the file whole now, then each write's changes
 * to its log as `commit` is called after the write. `logEntries` is set by `expectKeptWhole`: the
 * saves the log held when it was replayed, 0 when the writes were saved whole.
 */
export async function savingAsDb(t: TestSandbox) {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-kept-'));
  const logged = new SandboxFile(join(dir, 'logged.json'), () => t.sandbox);
  await logged.create();
  return { dir, logged, logEntries: 0 };
}

/**
 * The `--db` file and its log as a server killed now leaves them, copied while it still holds them
 * open: closing would write the world whole and drop the log, and the copy would replay nothing.
 */
function copyAsKilled(dir: string): number {
  const file = join(dir, 'logged.json');
  const killed = join(dir, 'killed.json');
  copyFileSync(file, killed);
  if (existsSync(logOf(file))) copyFileSync(logOf(file), logOf(killed));
  return logEntriesOf(killed);
}

/** The saves a `--db` file's log holds now: its lines after the header; 0 when there is no log. */
function logEntriesOf(file: string): number {
  if (!existsSync(logOf(file))) return 0;
  return readFileSync(logOf(file), 'utf8').split('\n').filter(Boolean).length - 1;
}

/**
 * Saves what was written so far whole, as a server does when its log has grown past its bound, so
 * that the log holds only what is written after: answers the saves its log then holds (0).
 */
export async function savedWhole({ dir, logged }: Awaited<ReturnType<typeof savingAsDb>>): Promise<number> {
  await logged.commitWhole();
  return logEntriesOf(join(dir, 'logged.json'));
}

async function control(t: TestSandbox, action: 'snapshot' | 'restore') {
  expect((await t.app.request(`/_mock/${action}`, { method: 'POST' })).status).toBe(200);
}

/**
 * Checks that every way of keeping the world gives back one that `read` finds identical: snapshot
 * -> restore, export -> import, save -> reload, and the `--db` file with its log replayed as a killed
 * server leaves them (`logEntries` says how many saves the log held). Every copy is taken at
 * one moment, before any read moves discovery's sequence on. Answers the original's reads.
 */
export async function expectKeptWhole(
  t: TestSandbox,
  kept: Awaited<ReturnType<typeof savingAsDb>>,
  read: (world: TestSandbox) => Promise<unknown>,
  { logKeepsIt = true }: { logKeepsIt?: boolean } = {},
) {
  const { dir, logged } = kept;
  await logged.commit();
  kept.logEntries = copyAsKilled(dir);
  await logged.close();
  const replayed = SandboxFile.read(join(dir, 'killed.json'))!;
  await control(t, 'snapshot');
  writeFixtureDir(join(dir, 'exported'), sandboxData(t.sandbox), sandboxState(t.sandbox));
  const opened = await openSandboxFile(join(dir, 'saved.json'), t.deps.sandboxes);
  await opened.close();
  const saved = SandboxFile.read(join(dir, 'saved.json'))!;
  const original = await read(t);

  await control(t, 'restore');
  expect(await read(t), 'snapshot -> restore').toEqual(original);

  const imported = testSandbox(
    (data) => Object.assign(data, readFixtureDir(join(dir, 'exported'))),
    readFixtureState(join(dir, 'exported')),
  );
  expect(await read(imported), 'export -> import').toEqual(original);

  const reloaded = testSandbox();
  reloaded.deps.sandboxes.load(saved);
  expect(await read(reloaded), 'save -> reload').toEqual(original);

  if (logKeepsIt) {
    const fromLog = testSandbox();
    fromLog.deps.sandboxes.load(replayed);
    expect(await read(fromLog), 'save -> log -> reload').toEqual(original);
  }
  return original;
}
