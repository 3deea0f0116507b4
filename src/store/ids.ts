import { randomUUID } from 'node:crypto';
import { hash32, hash32x4 } from './random.js';

export const newId = (prefix: string) => `${prefix}_${randomUUID()}`;

/** A generated id: a seeded prefix (`<kind>_` and a uuid's first 24 characters), then `n` as its last 12 hex digits. */
export const countedId = (prefix: string, n: number) => prefix + n.toString(16).padStart(12, '0');

/** The `n` of countedId(prefix, n) === id, if it is below `count`. */
export function countOfId(prefix: string, count: number, id: string): number | undefined {
  if (id.length !== prefix.length + 12 || !id.startsWith(prefix)) return undefined;
  const n = Number.parseInt(id.slice(prefix.length), 16);
  return n < count && countedId(prefix, n) === id ? n : undefined;
}

const wordSeeds = ['1', '2', '3', '4'].map((seed) => hash32(seed)) as [number, number, number, number];

/** A uuid-shaped id that `key` always gives: for records whose fixtures name no id of their own. */
export function derivedId(prefix: string, key: string): string {
  const hex = hash32x4(key, wordSeeds)
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('');
  return `${prefix}_${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
