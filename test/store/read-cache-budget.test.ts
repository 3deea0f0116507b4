import { afterEach, describe, expect, it } from 'vitest';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../src/limits.js';
import { ReadCache, readCacheBytesOfProcess } from '../../src/store/read-cache.js';

/** Every cache a test made, emptied after it: the process's share counts every cache still alive. */
const made: ReadCache[] = [];
const newCache = (maxBytes: number) => {
  const cache = new ReadCache(maxBytes);
  made.push(cache);
  return cache;
};

const answer = (text: string) => ({ revision: 0, from: -Infinity, until: Infinity, text });

/** A cache far larger in bytes than `count` one-character answers, holding them. */
const cacheWith = (count: number) => {
  const cache = newCache(32 * 1024 * 1024);
  for (let i = 0; i < count; i++) cache.set(`page-${i}`, answer('x'));
  return cache;
};

/**
 * Two worlds' caches that hold exactly the process's share of a 4 MiB budget together: the larger
 * two answers, the smaller one.
 */
function cachesAtShare() {
  setMemoryBudget(4 * 1024 * 1024);
  const share = shareOf(LIMITS.readCacheShare);
  const large = newCache(32 * 1024 * 1024);
  const small = newCache(32 * 1024 * 1024);
  large.set('a-0', answer('a'.repeat(150_000)));
  large.set('a-1', answer('a'.repeat(150_000)));
  small.set('b-0', answer('b'.repeat((share - large.bytes) / 2)));
  return { large, small, share };
}

afterEach(() => {
  for (const cache of made.splice(0)) while (cache.dropOldest());
  setMemoryBudget(defaultMaxMemory());
});

describe('the read cache in bytes', () => {
  it('counts an answer as two bytes a character, so 60,000 Cyrillic characters do not fit in 100,000 bytes', () => {
    const cache = newCache(100_000);
    cache.set('wide', answer('ж'.repeat(60_000)));
    expect(cache.get('wide')).toBeUndefined();
    cache.set('narrow', answer('ж'.repeat(40_000)));
    expect(cache.bytes).toBe(80_000);
  });

  it("holds the caches of every world together within the process's share of --max-memory, the newest answers kept", () => {
    setMemoryBudget(4 * 1024 * 1024);
    const share = shareOf(LIMITS.readCacheShare);
    const worlds = [newCache(32 * 1024 * 1024), newCache(32 * 1024 * 1024), newCache(32 * 1024 * 1024)];
    for (let i = 0; i < 10; i++) {
      for (const [n, cache] of worlds.entries()) {
        cache.set(`page-${i}`, answer(`${n}`.repeat(150_000)));
        expect(readCacheBytesOfProcess()).toBeLessThanOrEqual(share);
        expect(cache.get(`page-${i}`)).toBeDefined();
      }
    }
    expect(worlds.every((cache) => cache.count > 0)).toBe(true);
  });

  it("keeps every answer while the caches of every world hold exactly the process's share", () => {
    const { large, small, share } = cachesAtShare();
    expect(readCacheBytesOfProcess()).toBe(share);
    expect([large.get('a-0'), large.get('a-1'), small.get('b-0')].every(Boolean)).toBe(true);
  });

  it("drops the oldest answer of the world holding most at one character past the process's share", () => {
    const { large, small, share } = cachesAtShare();
    small.set('b-1', answer('x'));
    expect(large.get('a-0')).toBeUndefined();
    expect([large.get('a-1'), small.get('b-0'), small.get('b-1')].every(Boolean)).toBe(true);
    expect(readCacheBytesOfProcess()).toBeLessThanOrEqual(share);
  });

  it(`keeps every answer up to ${LIMITS.readCacheEntries.value}, the first included`, () => {
    const cache = cacheWith(LIMITS.readCacheEntries.value);
    expect(cache.count).toBe(LIMITS.readCacheEntries.value);
    expect(cache.get('page-0')).toBeDefined();
  });

  it('drops the oldest answer for one more', () => {
    const max = LIMITS.readCacheEntries.value;
    const cache = cacheWith(max + 1);
    expect(cache.count).toBe(max);
    expect(cache.get('page-0')).toBeUndefined();
    expect(cache.get('page-1')).toBeDefined();
    expect(cache.get(`page-${max}`)).toBeDefined();
  });
});
