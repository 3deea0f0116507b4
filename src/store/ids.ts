import { randomUUID } from 'node:crypto';

export const newId = (prefix: string) => `${prefix}_${randomUUID()}`;

/** A generated id: a seeded prefix (`<kind>_` and a uuid's first 24 characters), then `n` as its last 12 hex digits. */
export const countedId = (prefix: string, n: number) => prefix + n.toString(16).padStart(12, '0');

/** The `n` of countedId(prefix, n) === id, if it is below `count`. */
export function countOfId(prefix: string, count: number, id: string): number | undefined {
  if (id.length !== prefix.length + 12 || !id.startsWith(prefix)) return undefined;
  const n = Number.parseInt(id.slice(prefix.length), 16);
  return n < count && countedId(prefix, n) === id ? n : undefined;
}
