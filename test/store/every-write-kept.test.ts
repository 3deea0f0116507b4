import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations/table.js';
import { testSandbox } from '../support/helpers.js';
import { expectKeptWhole, savedWhole, savingAsDb } from '../support/kept-copies.js';
import { WorldApi } from '../support/write-cases/case.js';
import { writeCases } from '../support/write-cases/index.js';

/**
 * Writes whose changes the `--db` file and log lose today (found when this check began to read them as
 * a killed server leaves them): read back, they miss the write; `apart` when the write is saved on its
 * own, as a server saves each request it answers, `together` when one save holds it and its
 * preparation, as group commit saves requests that arrive at once. Each loss keeps a test that fails
 * until they keep the write; once they do, that test fails: take the loss out of this list.
 */
const logLoses = new Map<string, { apart?: string; together?: string }>([]);

describe('every stateful write operation', () => {
  it('has a case that makes it as a client does', async () => {
    const t = testSandbox();
    const { operations: answered } = (await (await t.app.request('/_mock/operations')).json()) as {
      operations: { operationId: string; answer: string }[];
    };
    const stateful = new Set(answered.filter((op) => op.answer === 'stateful').map((op) => op.operationId));
    const writes = operations.filter((op) => op.method !== 'GET' && stateful.has(op.operationId)).map((op) => `${op.method} ${op.path}`);
    const covered = new Set(writeCases.map((c) => c.operation));
    expect(
      writes.filter((write) => !covered.has(write)),
      'writes without a case',
    ).toEqual([]);
    expect(
      [...covered].filter((name) => !writes.includes(name)),
      'cases of no stateful write',
    ).toEqual([]);
  });

  for (const c of writeCases) {
    const loss = logLoses.get(c.operation);
    const check = async ({ logKeepsIt, apart }: { logKeepsIt: boolean; apart: boolean }) => {
      const t = testSandbox();
      const kept = await savingAsDb(t);
      const api = new WorldApi(t);
      const { write, reads } = await c.prepare(api);
      expect(reads.length, 'the case names the reads that show the write').toBeGreaterThan(0);
      // The preparation saved whole, the log holds the write alone: a log that is not replayed loses it.
      const prepared = apart ? await savedWhole(kept) : 0;
      const before = await api.readAll(reads);
      const reply = await api.send(write);
      expect([200, 201, 204], `${reply.status} ${reply.text.slice(0, 200)}`).toContain(reply.status);
      expect(await api.readAll(reads), 'a read shows the write').not.toEqual(before);
      await expectKeptWhole(t, kept, (world) => new WorldApi(world).readAll(reads.filter((read) => !read.notKept)), { logKeepsIt });
      if (apart) expect(kept.logEntries, 'the --db log replayed holds the write').toBe(prepared + 1);
    };
    it(`${c.operation}: ${c.label}; a read shows it, and every way of keeping the world keeps it`, () =>
      check({ logKeepsIt: !loss?.apart, apart: true }));
    if (loss?.apart)
      it.fails(`${c.operation}: ${c.label}; the --db file and log a killed server leaves keep it (not yet: ${loss.apart})`, () =>
        check({ logKeepsIt: true, apart: true }),
      );
    if (loss?.together)
      it.fails(
        `${c.operation}: ${c.label}; saved in one save with its preparation, the --db file and log keep it (not yet: ${loss.together})`,
        () => check({ logKeepsIt: true, apart: false }),
      );
  }
});
