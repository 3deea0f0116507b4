import type { WorldRecord } from '../records/worlds.js';

/** A name's words, lower-cased: letters and digits, anything else separates. */
export const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/**
 * What `GET /worlds?search=` reads instead of every world: each word of each world's name, sorted, so
 * the worlds with a word starting with some text are one binary search and a run of entries. Built on
 * the first search and again on the first search after a world's name changes (creating, renaming or
 * deleting a world marks it stale): O(worlds) once, then O(matches) per search.
 */
export class WorldNameIndex {
  /** `<word>\0<worldId>`, sorted. */
  private entries: string[] = [];
  private stale = true;

  changed(): void {
    this.stale = true;
  }

  /** Ids of the worlds whose name has, for every one of `prefixes`, a word starting with it. */
  matching(worlds: Map<string, WorldRecord>, prefixes: readonly string[]): Set<string> {
    if (this.stale) this.build(worlds);
    let found: Set<string> | undefined;
    for (const prefix of prefixes) {
      const ids = new Set<string>();
      for (let i = this.lowerBound(prefix); i < this.entries.length && this.entries[i]!.startsWith(prefix); i++) {
        const entry = this.entries[i]!;
        const id = entry.slice(entry.indexOf('\0') + 1);
        if (!found || found.has(id)) ids.add(id);
      }
      found = ids;
    }
    return found ?? new Set();
  }

  private build(worlds: Map<string, WorldRecord>): void {
    const entries: string[] = [];
    for (const record of worlds.values()) for (const word of new Set(nameWords(record.name))) entries.push(`${word}\0${record.id}`);
    entries.sort();
    this.entries = entries;
    this.stale = false;
  }

  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.entries[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
