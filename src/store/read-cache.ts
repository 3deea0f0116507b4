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
  /** Request key -> what answers that request again, while the answer it was made from stays cached. */
  private readonly replays = new Map<string, { read: CachedRead; replay: object }>();
  /** Each cached answer's request keys in `replays`: they go with it. */
  private readonly replayKeys = new WeakMap<CachedRead, Set<string>>();
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

  /**
   * Keeps `replay` for the requests `requestKey` names while `read` stays cached under `readKey`: it
   * goes with that answer, and the newest `maxEntries` are kept.
   */
  rememberReplay(requestKey: string, readKey: string, read: CachedRead, replay: object): void {
    if (this.entries.get(readKey) !== read) return;
    this.forgetReplay(requestKey);
    this.replays.set(requestKey, { read, replay });
    let keys = this.replayKeys.get(read);
    if (!keys) this.replayKeys.set(read, (keys = new Set()));
    keys.add(requestKey);
    if (this.replays.size > this.maxEntries) this.forgetReplay(this.replays.keys().next().value!);
  }

  /** What answers the requests `requestKey` names again, while the answer it was made from is cached. */
  replayOf(requestKey: string): object | undefined {
    return this.replays.get(requestKey)?.replay;
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
    for (const requestKey of this.replayKeys.get(old) ?? []) this.replays.delete(requestKey);
    this.replayKeys.delete(old);
  }

  private forgetReplay(requestKey: string) {
    const held = this.replays.get(requestKey);
    if (!held) return;
    this.replays.delete(requestKey);
    this.replayKeys.get(held.read)?.delete(requestKey);
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
