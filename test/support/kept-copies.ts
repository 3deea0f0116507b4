import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../src/store/persistence/export-fixtures.js';
import { openSandboxFile } from '../../src/store/persistence/open-db.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { sandboxData, sandboxState } from '../../src/store/persistence/snapshot.js';
import { testSandbox, type TestSandbox } from './helpers.js';

/**
 * The world saved as a server with `--db` saves it: the file whole now, then each write's changes
 * to its log as `commit` is called after the write.
 */
export async function savingAsDb(t: TestSandbox) {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-kept-'));
  const logged = new SandboxFile(join(dir, 'logged.json'), () => t.sandbox);
  await logged.create();
  return { dir, logged };
}

async function control(t: TestSandbox, action: 'snapshot' | 'restore') {
  expect((await t.app.request(`/_mock/${action}`, { method: 'POST' })).status).toBe(200);
}

/**
 * Checks that every way of keeping the world gives back one that `read` finds identical: snapshot
 * -> restore, export -> import, save -> reload, and the `--db` log replayed. Every copy is taken at
 * one moment, before any read moves discovery's sequence on. Answers the original's reads.
 */
export async function expectKeptWhole(
  t: TestSandbox,
  { dir, logged }: Awaited<ReturnType<typeof savingAsDb>>,
  read: (world: TestSandbox) => Promise<unknown>,
) {
  await logged.commit();
  await logged.close();
  const replayed = SandboxFile.read(join(dir, 'logged.json'))!;
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

  const fromLog = testSandbox();
  fromLog.deps.sandboxes.load(replayed);
  expect(await read(fromLog), 'save -> log -> reload').toEqual(original);
  return original;
}
