import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/limits.js';
import { ids, testSandbox } from '../support/helpers.js';

const max = LIMITS.listAnswerBytes.value;

/** Alice's files, `count` of them with a name of `nameLength` characters (put in the store: the API bounds a name more tightly). */
function withLargeFiles(count: number, nameLength: number) {
  const t = testSandbox();
  const template = t.sandbox.files.ownedBy(ids.alice).at(-1)!;
  for (let i = 0; i < count; i++) {
    t.sandbox.files.add({ ...structuredClone(template), id: `file_${randomUUID()}`, name: `${i}`.padEnd(nameLength, 'n') });
  }
  return t;
}

describe('a list read', () => {
  it('answers a page under listAnswerBytes whole', async () => {
    const t = withLargeFiles(20, 100_000);
    const cookie = await t.login('alice');
    const reply = await t.call('GET', '/files?n=20', { cookie });
    expect(reply.body).toHaveLength(20);
    expect(reply.text.length).toBeLessThanOrEqual(max);
  });

  it(`ends before the item that would take it past ${max} characters, as a shorter page`, async () => {
    const t = withLargeFiles(100, 100_000);
    const cookie = await t.login('alice');
    const reply = await t.call('GET', '/files?n=100', { cookie });
    const items = reply.body as { id: string }[];
    expect(reply.text.length).toBeLessThanOrEqual(max);
    expect(items.length).toBeLessThan(100);
    // The page is the start of the whole list, and its next item would not have fitted.
    const firstTwo = (await t.call('GET', '/files?n=2', { cookie })).body as unknown[];
    expect(items.slice(0, 2)).toEqual(firstTwo);
    const next = (await t.call('GET', `/files?n=1&offset=${items.length}`, { cookie })).body as unknown[];
    expect(next).toHaveLength(1);
    expect(reply.text.length + 1 + JSON.stringify(next[0]).length).toBeGreaterThan(max);
  });
});
