import { LIMITS, shareOf, stringBytes } from '../limits.js';
import type { CachedRead } from './sandbox.js';

/** [from, until) in epoch ms of sandbox time. */
export interface TimeSpan {
  from: number;
  until: number;
}

/** What the process-wide account knows of one sandbox's cache, kept apart so a dropped sandbox's cache can be collected. */
interface Ledger {
  bytes: number;
  readonly cache: WeakRef<ReadCache>;
}

/** Every live sandbox's cache, against the process's LIMITS.readCacheShare of --max-memory. */
const ledgers = new Set<Ledger>();
let heldByAll = 0;
const forget = new FinalizationRegistry<Ledger>((ledger) => {
  heldByAll -= ledger.bytes;
  ledgers.delete(ledger);
});

/**
 * The answers cachedJson keeps for a sandbox, bounded by entries, by the sandbox's readCacheBytes and,
 * with every other sandbox's, by the process's share of --max-memory; all in bytes as V8 may hold the
 * text (two a character past Latin-1). Past a bound the oldest answers go first (of the sandbox
 * holding most, for the process's bound); an answer larger than a bound is not kept at all.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedRead>();
  private readonly ledger: Ledger = { bytes: 0, cache: new WeakRef(this) };

  constructor(
    readonly maxBytes: number,
    readonly maxEntries: number = LIMITS.readCacheEntries.value,
  ) {
    ledgers.add(this.ledger);
    forget.register(this, this.ledger);
  }

  get(key: string): CachedRead | undefined {
    return this.entries.get(key);
  }

  set(key: string, read: CachedRead): void {
    this.delete(key);
    const size = stringBytes(read.text);
    const processMax = shareOf(LIMITS.readCacheShare);
    if (size > this.maxBytes || size > processMax) return;
    this.entries.set(key, read);
    this.account(size);
    for (const oldest of this.entries.keys()) {
      if (this.ledger.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.delete(oldest);
    }
    while (heldByAll > processMax && evictFromLargest());
  }

  /** Bytes held. */
  get bytes(): number {
    return this.ledger.bytes;
  }

  get count(): number {
    return this.entries.size;
  }

  /** Drops the oldest answer; false when there is none. */
  dropOldest(): boolean {
    const oldest = this.entries.keys().next();
    if (oldest.done) return false;
    this.delete(oldest.value);
    return true;
  }

  private account(bytes: number) {
    this.ledger.bytes += bytes;
    heldByAll += bytes;
  }

  private delete(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.account(-stringBytes(old.text));
    this.entries.delete(key);
  }
}

/** Bytes the read caches of every live sandbox hold together. */
export const readCacheBytesOfProcess = () => heldByAll;

function evictFromLargest(): boolean {
  let largest: ReadCache | undefined;
  for (const ledger of ledgers) {
    const cache = ledger.cache.deref();
    if (cache && cache.bytes > (largest?.bytes ?? 0)) largest = cache;
  }
  return largest?.dropOldest() ?? false;
}
