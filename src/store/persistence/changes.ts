import { toJson } from './codec.js';
import type { Sandbox } from '../sandbox.js';
import { collectionReaders, sandboxState, type SandboxState } from './snapshot.js';
import { savedParts } from './saved-parts.js';
import { untracked, type Reached } from './write-tracker.js';
import type { SandboxData } from '../fixtures/fixtures.js';

/**
 * One change of a saved world, as its log keeps it (records and state as `toJson` writes them):
 * - a collection (or `settings`) whole;
 * - the records of a collection whose field `by` equals `key`: with `home`, these are all of them
 *   (the others are gone), otherwise they replace records of the same id and nothing goes;
 * - a part of the state whole (`path` as `groupExtras.groupPosts`);
 * - one entry of a map of the state, without `value` when it is gone.
 */
export type Change =
  | { collection: string; all: unknown }
  | { collection: string; by: string; key: unknown; home: boolean; records: unknown[] }
  | { state: string; all: unknown }
  | { state: string; key: unknown; value?: unknown };

const keyedCollections = new Set(Object.values(savedParts).flatMap((part) => (part?.kind === 'keyed' ? [part.collection] : [])));
const namedCollections = new Set(Object.values(savedParts).flatMap((part) => (part?.kind === 'whole' ? part.collections : [])));
/** What a field savedParts does not name may hold: every collection no named field holds. */
const otherCollections = Object.keys(collectionReaders).filter((name) => !keyedCollections.has(name) && !namedCollections.has(name));

const field = (sandbox: Sandbox, name: string) => (sandbox as unknown as Record<string, unknown>)[name];

function stateAt(state: SandboxState, path: string): unknown {
  return path.split('.').reduce<unknown>((value, step) => (value as Record<string, unknown> | undefined)?.[step], state);
}

/** The changes that make the saved world what `world` is, given what writes reached of it since the last save. */
export function changesOf(sandbox: Sandbox, reached: Reached): Change[] {
  const collections = new Set<string>();
  const stateParts = new Set<string>();
  for (const name of reached.fields) {
    const part = savedParts[name as keyof typeof savedParts];
    if (!part) for (const collection of otherCollections) collections.add(collection);
    else if (part.kind === 'keyed') collections.add(part.collection);
    else if (part.kind === 'state') stateParts.add(part.path);
    else if (part.kind === 'whole') {
      for (const collection of part.collections) collections.add(collection);
      for (const path of part.state) stateParts.add(path);
    }
  }
  const changes: Change[] = [];
  for (const collection of collections) {
    changes.push({ collection, all: toJson(collectionReaders[collection as keyof SandboxData](sandbox)) });
  }
  let state: SandboxState | undefined;
  for (const path of stateParts) changes.push({ state: path, all: toJson(stateAt((state ??= sandboxState(sandbox)), path)) });
  for (const [name, keys] of reached.keys) {
    const part = savedParts[name as keyof typeof savedParts];
    const map = field(sandbox, name) as Map<unknown, unknown>;
    if (part?.kind === 'keyed' && !collections.has(part.collection)) {
      const { collection, by, home } = part;
      const entry = (key: unknown) => (part.index ? part.index.entry(map, key) : untracked(map, key));
      for (const key of keys) changes.push({ collection, by, key, home, records: toJson(part.records(entry(key))) as unknown[] });
    } else if (part?.kind === 'state' && !stateParts.has(part.path)) {
      for (const key of keys) {
        const value = untracked(map, key);
        changes.push(
          value === undefined ? { state: part.path, key: toJson(key) } : { state: part.path, key: toJson(key), value: toJson(value) },
        );
      }
    }
  }
  return changes;
}
