import { describe, expect, it } from 'vitest';
import { collectionReaders, liveSnapshot, restoreSnapshot, loginsOf, type SandboxSnapshot } from '../../src/store/persistence/snapshot.js';
import { savedPartsOf } from '../../src/store/persistence/saved-parts.js';
import { fromJson, toJson } from '../../src/store/persistence/codec.js';
import { manualClock } from '../../src/store/clock.js';
import type { Sandbox } from '../../src/store/sandbox.js';
import { testSandbox } from '../support/helpers.js';
import { WatchedMap } from '../../src/store/watched-map.js';

/** Each record of the world -> the collection a save keeps it in. */
function homes(sandbox: Sandbox): Map<object, string> {
  const home = new Map<object, string>();
  for (const [name, read] of Object.entries(collectionReaders)) {
    const records = read(sandbox);
    if (Array.isArray(records)) for (const record of records) home.set(record as object, name);
  }
  return home;
}

/** The collections whose records can be reached from `value`. */
function reachable(value: unknown, home: Map<object, string>): Set<string> {
  const seen = new Set<object>();
  const found = new Set<string>();
  const walk = (item: unknown) => {
    if (item === null || typeof item !== 'object' || seen.has(item) || ArrayBuffer.isView(item)) return;
    seen.add(item);
    const collection = home.get(item);
    if (collection) found.add(collection);
    if (item instanceof Map) for (const [key, entry] of item) [key, entry].forEach(walk);
    else if (item instanceof Set) item.forEach(walk);
    else Object.values(item).forEach(walk);
  };
  walk(value);
  return found;
}

describe('where a save finds what each field of the world holds', () => {
  const sandbox = testSandbox().sandbox;
  const home = homes(sandbox);
  const savedParts = Object.fromEntries(savedPartsOf(sandbox).byField);
  const named = (kind: string) =>
    new Set(
      Object.values(savedParts).flatMap((part) =>
        part.kind === 'keyed' && kind === 'keyed' ? [part.collection] : part.kind === 'whole' && kind === 'whole' ? part.collections : [],
      ),
    );

  it.each(Object.keys(sandbox))('%s reaches no record a save would look for elsewhere', (field) => {
    const part = savedParts[field];
    const reached = reachable((sandbox as unknown as Record<string, unknown>)[field], home);
    const allowed =
      part === undefined
        ? new Set(Object.keys(collectionReaders).filter((name) => !named('keyed').has(name) && !named('whole').has(name)))
        : part.kind === 'keyed'
          ? new Set([part.collection])
          : part.kind === 'whole'
            ? new Set(part.collections)
            : new Set<string>();
    expect([...reached].filter((collection) => !allowed.has(collection))).toEqual([]);
  });

  it.each(
    Object.entries(savedParts).filter(
      ([field, part]) => part?.kind === 'keyed' && (sandbox as unknown as Record<string, unknown>)[field] instanceof Map,
    ),
  )('%s holds under each key only records whose field is that key', (field, part) => {
    if (part?.kind !== 'keyed') return;
    const map = (sandbox as unknown as Record<string, Map<unknown, unknown>>)[field]!;
    const wrong = [...map].filter(([key, value]) =>
      part.records(value).some((record) => (record as Record<string, unknown>)[part.by] !== key),
    );
    expect(wrong.map(([key]) => key)).toEqual([]);
  });
});

describe('a world a --db file saves', () => {
  const built = testSandbox().sandbox;
  const restored = (snapshot: SandboxSnapshot) => restoreSnapshot(snapshot, manualClock(), loginsOf(built));
  const worlds = [
    ['built from fixtures', built],
    ['restored from a snapshot', restored(liveSnapshot(built))],
    ['read back from a saved file', restored(fromJson(toJson(liveSnapshot(built))) as SandboxSnapshot)],
  ] as const;

  // A field saved entry by entry that its tracker cannot watch is saved whole after every write that reads it.
  it.each(worlds)('%s: keeps every field saved entry by entry in a map or index that tells a save what a write reached', (_, world) => {
    const fields = world as unknown as Record<string, unknown>;
    const unwatched = [...savedPartsOf(world).byField]
      .filter(([, part]) => part.kind === 'keyed' || part.kind === 'state')
      .filter(
        ([field]) =>
          !(typeof fields[field] === 'object' && fields[field] !== null && 'watcher' in fields[field]) &&
          !(fields[field] instanceof WatchedMap),
      )
      .map(([field]) => field);
    expect(unwatched).toEqual([]);
  });

  it('saves each collection the world keeps by record id entry by entry, and each map of the state', () => {
    const parts = savedPartsOf(built).byField;
    const entryByEntry = (field: string) => parts.get(field)?.kind;
    expect(['users', 'groups', 'prints', 'jamSubmissions', 'infoPushes', 'giftPurchases', 'avatars'].map(entryByEntry)).toEqual(
      Array(7).fill('keyed'),
    );
    expect(['inviteMessages', 'fileBlobs', 'groupPosts', 'calendarFollows'].map(entryByEntry)).toEqual(Array(4).fill('state'));
    expect(parts.get('groupAuditLogs')).toEqual({ kind: 'state', path: 'groupExtras.groupAuditLogs', appendOnly: true });
  });
});
