/** FNV-1a over a string, continuing from `seed`: a cheap, stable 32-bit hash. */
export function hash32(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** hash32(text, seed) for four seeds at once, in one pass over the text (ids of cold sandbox builds use it). */
export function hash32x4(text: string, seeds: readonly [number, number, number, number]): [number, number, number, number] {
  let [a, b, c, d] = seeds;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193) >>> 0;
    c = Math.imul(c ^ code, 0x01000193) >>> 0;
    d = Math.imul(d ^ code, 0x01000193) >>> 0;
  }
  return [a, b, c, d];
}

const STEP = 0x6d2b79f5;

function mulberry32(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/**
 * mulberry32: a small seeded generator of numbers in [0, 1), cheap enough for millions of draws where
 * a faker call per record would govern a large sandbox's start-up. `from` skips that many draws.
 */
export function seededRandom(seed: number, from = 0): () => number {
  let state = (seed + Math.imul(from, STEP)) >>> 0;
  return () => mulberry32((state = (state + STEP) >>> 0));
}

/**
 * The number the call number `k` (from 0) of `seededRandom(seed)` returns, without the calls before
 * it: mulberry32's state only counts up, so a record's draws can be made again on their own.
 */
export const seededRandomAt = (seed: number, k: number) => mulberry32((seed + Math.imul(k + 1, STEP)) >>> 0);
