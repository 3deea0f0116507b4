import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations/table.js';
import { testSandbox } from '../support/helpers.js';
import { expectKeptWhole, savingAsDb } from '../support/kept-copies.js';
import { WorldApi } from '../support/write-cases/case.js';
import { writeCases } from '../support/write-cases/index.js';

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
    it(`${c.operation}: ${c.label}; a read shows it, and every way of keeping the world keeps it`, async () => {
      const t = testSandbox();
      const kept = await savingAsDb(t);
      const api = new WorldApi(t);
      const { write, reads } = await c.prepare(api);
      expect(reads.length, 'the case names the reads that show the write').toBeGreaterThan(0);
      const before = await api.readAll(reads);
      const reply = await api.send(write);
      expect([200, 201, 204], `${reply.status} ${reply.text.slice(0, 200)}`).toContain(reply.status);
      expect(await api.readAll(reads), 'a read shows the write').not.toEqual(before);
      await expectKeptWhole(t, kept, (world) => new WorldApi(world).readAll(reads.filter((read) => !read.notKept)));
    });
  }
});
