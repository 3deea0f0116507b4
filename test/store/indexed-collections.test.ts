import { describe, expect, it } from 'vitest';
import { byId, collectionsOf, indexCollections, type Layout } from '../../src/store/indexes/collections.js';

interface Data {
  notes: { id: string; text: string }[];
  balances: { userId: string; tokens: number }[];
  payouts: { amount: number }[];
}

const LAYOUT = { notes: byId, balances: (b: { userId: string }) => b.userId, payouts: 'list' } satisfies Layout<Data>;

const data = (): Data => ({
  notes: [
    { id: 'b', text: 'second made' },
    { id: 'a', text: 'first made' },
  ],
  balances: [{ userId: 'usr_1', tokens: 5 }],
  payouts: [{ amount: 3 }, { amount: 3 }],
});

describe('indexed collections', () => {
  it('keep each collection by the key its layout reads, or as a list, in the order of the data', () => {
    const index = indexCollections(LAYOUT, data());
    expect([...index.notes.keys()]).toEqual(['b', 'a']);
    expect(index.balances.get('usr_1')).toEqual({ userId: 'usr_1', tokens: 5 });
    expect(index.payouts).toEqual([{ amount: 3 }, { amount: 3 }]);
  });

  it('read back out as the data they were built from, with what changed in the index since', () => {
    const index = indexCollections(LAYOUT, data());
    index.notes.set('c', { id: 'c', text: 'added' });
    index.payouts.push({ amount: 1 });
    const read = collectionsOf(LAYOUT, index);
    expect(read.notes.map((note) => note.id)).toEqual(['b', 'a', 'c']);
    expect(read.payouts).toEqual([{ amount: 3 }, { amount: 3 }, { amount: 1 }]);
    expect(read.balances).toEqual(data().balances);
  });

  it('share no list with the data: adding to one leaves the other as it was', () => {
    const source = data();
    const index = indexCollections(LAYOUT, source);
    index.payouts.push({ amount: 9 });
    expect(source.payouts).toHaveLength(2);
    collectionsOf(LAYOUT, index).payouts.push({ amount: 7 });
    expect(index.payouts).toHaveLength(3);
  });
});
