import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testSandbox, type TestSandbox } from '../support/helpers.js';
import { groups } from '../support/groups-fixture-ids.js';
import { expectKeptWhole, savingAsDb } from '../support/kept-copies.js';
import { WorldApi, type Read } from '../support/write-cases/case.js';
import { writeCases } from '../support/write-cases/index.js';
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

/** A step of the sequence: an action with random arguments, or the case of one stateful write operation. */
type Step = { action: Action } | { caseIndex: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  actionArbitrary.map((action) => ({ action })),
  fc.nat(writeCases.length - 1).map((caseIndex) => ({ caseIndex })),
);

async function cookiesIn(world: TestSandbox): Promise<Record<Actor, string>> {
  const api = new WorldApi(world);
  const cookies = {} as Record<Actor, string>;
  for (const who of actors) cookies[who] = (await api.cookie(who))!;
  return cookies;
}

describe('snapshot, export and --db are total', () => {
  it('give a world that answers every read as the original, after any sequence of API writes over every stateful operation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 10, maxLength: 40 }), async (steps: Step[]) => {
        const t = testSandbox(withCompleteWorldPackage);
        const kept = await savingAsDb(t);
        const api = new WorldApi(t);
        const cookies = await cookiesIn(t);
        const created = noneCreated();
        const caseReads = new Map<string, Read>();
        for (const step of steps) {
          if ('action' in step) await step.action.run(t, cookies, created);
          else {
            const { write, reads } = await writeCases[step.caseIndex]!.prepare(api);
            await api.send(write);
            for (const read of reads.filter((read) => !read.notKept)) caseReads.set(`${read.as} ${read.method} ${read.path}`, read);
          }
          await kept.logged.commit();
        }
        const read = async (world: TestSandbox) => ({
          actions: await readAll(world, await cookiesIn(world), created),
          cases: await new WorldApi(world).readAll([...caseReads.values()]),
        });
        const original = (await expectKeptWhole(t, kept, read)) as Awaited<ReturnType<typeof read>>;
        const auditLog = original.actions.find((r) => r.who === 'alice' && r.path.startsWith(`/groups/${groups.builders}/auditLogs`));
        expect(auditLog?.status, 'the owner reads the audit log').toBe(200);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  }, 600_000);
});
