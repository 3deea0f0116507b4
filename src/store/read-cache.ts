import type { CachedRead } from './world.js';

/** [from, until) in epoch ms of world time. */
export interface TimeSpan {
  from: number;
  until: number;
}

/**
 * The answers cachedJson keeps for a world, bounded by entries and by the characters of JSON they
 * hold (about bytes: V8 keeps JSON text one byte per character). Counting entries alone let 41
 * pages of 1 MB descriptions, each under another key, run the process out of memory. Past a bound
 * the oldest answers go first; an answer larger than the whole budget is not kept at all.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedRead>();
  private size = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxEntries = 1000,
  ) {}

  get(key: string): CachedRead | undefined {
    return this.entries.get(key);
  }

  set(key: string, read: CachedRead): void {
    this.delete(key);
    if (read.text.length > this.maxBytes) return;
    this.entries.set(key, read);
    this.size += read.text.length;
    for (const oldest of this.entries.keys()) {
      if (this.size <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.delete(oldest);
    }
  }

  /** Characters of JSON held. */
  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.entries.size;
  }

  private delete(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.size -= old.text.length;
    this.entries.delete(key);
  }
}
