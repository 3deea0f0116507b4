import { describe, expect, it } from 'vitest';
import { testSandbox } from '../support/helpers.js';
import { expectKeptWhole, savingAsDb } from '../support/kept-copies.js';
import { WorldApi } from '../support/write-cases/case.js';
import { writeCases } from '../support/write-cases/index.js';

describe('every stateful write operation', () => {
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
