import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../src/store/persistence/export-fixtures.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { sandboxData, sandboxState } from '../../src/store/persistence/snapshot.js';
import { testSandbox, type TestSandbox } from '../support/helpers.js';
import { groups } from '../support/groups-fixture-ids.js';
import {
  actionArbitrary,
  actors,
  noneCreated,
  readAll,
  withCompleteWorldPackage,
  type Action,
  type Actor,
} from '../support/world-actions.js';

/** `MOCK_API_PROPERTY_RUNS` lengthens the run (npm run stress does); `npm test` keeps it to a few seconds. */
const runs = Number(process.env.MOCK_API_PROPERTY_RUNS ?? 4);
const seed = Number(process.env.MOCK_API_PROPERTY_SEED ?? 2026);

async function loggedIn(t: TestSandbox): Promise<Record<Actor, string>> {
  const cookies = {} as Record<Actor, string>;
  for (const who of actors) cookies[who] = await t.login(who);
  return cookies;
}

async function control(t: TestSandbox, action: 'snapshot' | 'restore') {
  expect((await t.app.request(`/_mock/${action}`, { method: 'POST' })).status).toBe(200);
}

/** The world as a `--db` file holds it, read back through the same checks a start makes. */
async function savedAndReloaded(t: TestSandbox, dir: string) {
  const db = join(dir, 'state.json');
  const { openSandboxFile } = await import('../../src/store/persistence/open-db.js');
  const opened = await openSandboxFile(db, t.deps.sandboxes);
  await opened.close();
  return SandboxFile.read(db)!;
}

describe('snapshot, export and --db are total', () => {
  it('give a world that answers every read as the original, after any sequence of API writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArbitrary, { minLength: 10, maxLength: 30 }), async (actions: Action[]) => {
        const t = testSandbox(withCompleteWorldPackage);
        const dir = mkdtempSync(join(tmpdir(), 'mock-api-property-'));
        // Saved as a server saves: the file whole at start, then each write's changes to its log.
        const logged = new SandboxFile(join(dir, 'logged.json'), () => t.sandbox);
        await logged.create();
        const cookies = await loggedIn(t);
        const created = noneCreated();
        for (const step of actions) {
          await step.run(t, cookies, created);
          await logged.commit();
        }
        const replayed = SandboxFile.read(join(dir, 'logged.json'))!;
        expect(existsSync(join(dir, 'logged.json.log')), 'the writes went to the log').toBe(true);
        await logged.close();
        // Every copy is taken at one moment, before any read moves discovery's sequence on.
        await control(t, 'snapshot');
        writeFixtureDir(join(dir, 'exported'), sandboxData(t.sandbox), sandboxState(t.sandbox));
        const saved = await savedAndReloaded(t, dir);
        const original = await readAll(t, cookies, created);
        const auditLog = original.find((read) => read.who === 'alice' && read.path.startsWith(`/groups/${groups.builders}/auditLogs`));
        expect(auditLog?.status, 'the owner reads the audit log').toBe(200);

        await control(t, 'restore');
        expect(await readAll(t, cookies, created), 'snapshot -> restore').toEqual(original);

        const imported = testSandbox(
          (data) => Object.assign(data, readFixtureDir(join(dir, 'exported'))),
          readFixtureState(join(dir, 'exported')),
        );
        expect(await readAll(imported, await loggedIn(imported), created), 'export -> import').toEqual(original);

        const reloaded = testSandbox();
        reloaded.deps.sandboxes.load(saved);
        expect(await readAll(reloaded, await loggedIn(reloaded), created), 'save -> reload').toEqual(original);

        const fromLog = testSandbox();
        fromLog.deps.sandboxes.load(replayed);
        expect(await readAll(fromLog, await loggedIn(fromLog), created), 'save -> log -> reload').toEqual(original);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  }, 600_000);
});
