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
    expect(reply.headers.get('x-mock-list-cut')).toBeNull();
  });

  it(`ends before the item that would take it past ${max} characters, as a shorter page`, async () => {
    const t = withLargeFiles(100, 100_000);
    const cookie = await t.login('alice');
    const reply = await t.call('GET', '/files?n=100', { cookie });
    const items = reply.body as { id: string }[];
    expect(reply.text.length).toBeLessThanOrEqual(max);
    expect(items.length).toBeLessThan(100);
    expect(reply.headers.get('x-mock-list-cut')).toBe(String(items.length));
    // The page is the start of the whole list, and its next item would not have fitted.
    const firstTwo = (await t.call('GET', '/files?n=2', { cookie })).body as unknown[];
    expect(items.slice(0, 2)).toEqual(firstTwo);
    const next = (await t.call('GET', `/files?n=1&offset=${items.length}`, { cookie })).body as unknown[];
    expect(next).toHaveLength(1);
    expect(reply.text.length + 1 + JSON.stringify(next[0]).length).toBeGreaterThan(max);
  });

  it('names the items of a cut list again when the answer comes from the read cache', async () => {
    const t = testSandbox();
    const template = [...t.sandbox.worlds.values()].find((world) => world.releaseStatus === 'public')!;
    for (let i = 0; i < 100; i++) {
      const id = `wrld_${randomUUID()}`;
      t.sandbox.worlds.set(id, { ...structuredClone(template), id, name: `Lantern ${i} ${'n'.repeat(100_000)}` });
    }
    t.sandbox.worldNames.changed();
    const cookie = await t.login('alice');
    const first = await t.call('GET', '/worlds?n=100&search=Lantern', { cookie });
    const cut = (first.body as unknown[]).length;
    expect(cut).toBeLessThan(100);
    expect(first.headers.get('x-mock-list-cut')).toBe(String(cut));
    const again = await t.call('GET', '/worlds?n=100&search=Lantern', { cookie });
    expect(again.text).toBe(first.text);
    expect(again.headers.get('x-mock-list-cut')).toBe(String(cut));
  });
});
