import { afterEach, describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/store/read-cache.js';
import type { CachedRead } from '../../src/store/sandbox.js';

const made: ReadCache[] = [];
const newCache = (maxEntries: number) => {
  const cache = new ReadCache(32 * 1024 * 1024, maxEntries);
  made.push(cache);
  return cache;
};
const answer = (text: string): CachedRead => ({ revision: 0, from: -Infinity, until: Infinity, text });

afterEach(() => {
  for (const cache of made.splice(0)) while (cache.dropOldest());
});

describe("the read cache's replays", () => {
  it('go with the answer they were made from, replaced or dropped', () => {
    const cache = newCache(2);
    const first = answer('1');
    cache.set('page', first);
    cache.rememberReplay('GET /page alice', 'page', first, { n: 1 });
    expect(cache.replayOf('GET /page alice')).toEqual({ n: 1 });
    cache.set('page', answer('2'));
    expect(cache.replayOf('GET /page alice')).toBeUndefined();

    const second = cache.get('page')!;
    cache.rememberReplay('GET /page alice', 'page', second, { n: 2 });
    cache.set('other', answer('3'));
    cache.set('third', answer('4'));
    expect(cache.get('page')).toBeUndefined();
    expect(cache.replayOf('GET /page alice')).toBeUndefined();
  });

  it('are not kept for an answer the cache no longer holds', () => {
    const cache = newCache(10);
    const gone = answer('1');
    cache.set('page', gone);
    cache.set('page', answer('2'));
    cache.rememberReplay('GET /page alice', 'page', gone, { n: 1 });
    expect(cache.replayOf('GET /page alice')).toBeUndefined();
  });

  it('keep the newest of a request key: dropping the answer it was first made from leaves the new one', () => {
    const cache = newCache(10);
    const old = answer('old');
    const current = answer('current');
    cache.set('old', old);
    cache.set('current', current);
    cache.rememberReplay('GET /page alice', 'old', old, { n: 1 });
    cache.rememberReplay('GET /page alice', 'current', current, { n: 2 });
    cache.set('old', answer('newer'));
    expect(cache.replayOf('GET /page alice')).toEqual({ n: 2 });
  });

  it('are as many as the answers the cache may hold, the oldest dropped first', () => {
    const cache = newCache(3);
    const shared = answer('config');
    cache.set('config', shared);
    for (let i = 0; i < 5; i++) cache.rememberReplay(`GET /config session-${i}`, 'config', shared, { i });
    expect([0, 1, 2, 3, 4].map((i) => cache.replayOf(`GET /config session-${i}`))).toEqual([
      undefined,
      undefined,
      { i: 2 },
      { i: 3 },
      { i: 4 },
    ]);
  });
});
