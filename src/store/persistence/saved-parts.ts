import type { Sandbox } from '../sandbox.js';
import type * as z from 'zod';
import { collectionReaders } from './snapshot.js';
import { SandboxStateSchema } from './state-schema.js';
import type { Watchable } from '../watched-map.js';
import { changedCalendar, type Writes } from './calendar-months.js';

/**
 * Where each of the sandbox's fields is kept in a saved sandbox (see sandboxData and sandboxState), so a
 * write that reached a field saves only what that field holds:
 * - `keyed` fields are maps whose entry under a key holds records of `collection` that have `by`
 *   equal to the key; `home` when the map is where those records live (an entry gone means its
 *   records are gone), not merely an index of them (an entry gone means nothing);
 * - `state` fields are maps saved entry by entry at `path` of the sandbox's state;
 * - `whole` fields are saved as whole collections or parts of the state;
 * - `unsaved` fields are rebuilt from the rest or not kept at all.
 * Any field this table does not name counts as holding every collection and state part that no
 * keyed or state field holds, so a new field is saved, only slower, until it is named here.
 */
export type SavedPart =
  | {
      kind: 'keyed';
      collection: string;
      by: string;
      home: boolean;
      /** The records an entry holds. */
      records: (value: unknown) => unknown[];
      /** Parts of the state that only this field changes: saved with its collection when the field is reached whole. */
      state?: string[];
      /** What to write of an entry, when less than all its records will do (each piece with every record under its `by`). */
      pieces?: (value: any, key: any, writes: Writes) => { by: string; key: string; records: unknown[] }[];
    }
  | {
      kind: 'state';
      path: string;
      /** Each entry is a list that only grows at its end and loses entries only at its start: a save writes what changed at either. */
      appendOnly: boolean;
    }
  | { kind: 'whole'; collections: string[]; state: string[] }
  | { kind: 'unsaved' };

const itself = (value: unknown) => (value === undefined ? [] : [value]);
const mapValues = (value: unknown) => (value instanceof Map ? [...value.values()] : []);
const arrayItems = (value: unknown) => (Array.isArray(value) ? value : []);
const bucketEvents = (value: unknown) => arrayItems(value).flatMap((bucket: { events: unknown[] }) => bucket.events);

export type KeyedPart = Extract<SavedPart, { kind: 'keyed' }>;

const home = (collection: string): KeyedPart => ({ kind: 'keyed', collection, by: 'id', home: true, records: itself });

const index = (collection: string, by: string, records: (value: unknown) => unknown[]): KeyedPart => ({
  kind: 'keyed',
  collection,
  by,
  home: false,
  records,
});
const whole = (collections: string[], stateParts: string[] = []): SavedPart => ({ kind: 'whole', collections, state: stateParts });
const unsaved: SavedPart = { kind: 'unsaved' };

/**
 * The fields the state's records and schema cannot tell about: indexes of records that live
 * elsewhere, homes keyed by something else than the record's id, fields saved whole and fields not
 * saved. Every other field's part is read off the sandbox (see savedPartsOf).
 */
const namedParts: Partial<Record<keyof Sandbox | 'writes', SavedPart>> = {
  groupMembersByGroup: index('groupMembers', 'groupId', mapValues),
  groupMembersByUser: index('groupMembers', 'userId', mapValues),
  calendarByGroup: {
    kind: 'keyed',
    collection: 'calendarEvents',
    by: 'ownerId',
    home: true,
    records: bucketEvents,
    pieces: changedCalendar,
  },
  notificationsByReceiver: index('notifications', 'receiverUserId', arrayItems),
  instancesByWorld: index('instances', 'worldId', arrayItems),
  inventoryByHolder: index('inventoryItems', 'holderId', mapValues),
  inventoryEquipped: index('inventoryItems', 'holderId', mapValues),
  // The order putFirst sets is not the records' order: it goes with the collection whole.
  files: { ...home('files'), state: ['fileOrder'] },
  favorites: { kind: 'keyed', collection: 'favorites', by: 'userId', home: true, records: arrayItems },
  settings: whole(['settings']),
  favoriteGroups: whole(['favoriteGroups']),
  // Discovery's bags hold the open instances themselves.
  instanceDiscovery: whole(['instances'], ['discovery']),
  clock: unsaved,
  sessions: unsaved,
  userLogins: unsaved,
  worldNames: unsaved,
  revision: unsaved,
  readCache: unsaved,
  pipeline: unsaved,
  avatarShuffleSeed: unsaved,
  // Saved with the collections their records are in (see recipeForm).
  calendarRecipes: unsaved,
  avatarFavoriteCounts: unsaved,
  emailOtps: unsaved,
  writes: unsaved,
};

/** The saved parts of one sandbox, and what follows from them. */
export interface SavedParts {
  /** Field -> its part; a field not here is saved with `otherCollections`. */
  readonly byField: ReadonlyMap<string, SavedPart>;
  /** What a field not in `byField` may hold: every collection no field names. */
  readonly otherCollections: readonly string[];
  /** Each collection's home: the keyed field that holds its records by id. */
  readonly homes: ReadonlyMap<string, string>;
  /** The paths of the state whose lists only grow at their end (see SavedLists). */
  readonly appendOnlyPaths: readonly string[];
}

/**
 * Where each field of `sandbox` is saved, read off the sandbox and the state's schema, with
 * namedParts for what neither tells:
 * - every map of the state (SandboxStateSchema) that is a field of the sandbox is saved entry by entry
 *   at its path; its schema's `appendOnly` metadata says its lists only grow at their end;
 * - every collection of the saved records (collectionReaders) that the sandbox keeps in a field of
 *   its name by record id (a WatchedMap from byIdWatched, or an index keyed by id) has that field as
 *   its home.
 */
export function savedPartsOf(sandbox: Sandbox): SavedParts {
  const fields = sandbox as unknown as Record<string, unknown>;
  const byField = new Map<string, SavedPart>(Object.entries(namedParts));
  for (const [path, appendOnly] of stateMaps()) {
    const field = path.slice(path.lastIndexOf('.') + 1);
    if (!byField.has(field) && fields[field] instanceof Map) byField.set(field, { kind: 'state', path, appendOnly });
  }
  for (const collection of Object.keys(collectionReaders)) {
    if (!byField.has(collection) && (fields[collection] as Partial<Watchable> | undefined)?.keyedBy === 'id')
      byField.set(collection, home(collection));
  }
  const parts = [...byField.values()];
  const named = new Set(
    parts.flatMap((part) => (part.kind === 'keyed' ? [part.collection] : part.kind === 'whole' ? part.collections : [])),
  );
  const homes = new Map<string, string>();
  for (const [field, part] of byField) if (part.kind === 'keyed' && part.home && part.by === 'id') homes.set(part.collection, field);
  return {
    byField,
    otherCollections: Object.keys(collectionReaders).filter((name) => !named.has(name)),
    homes,
    appendOnlyPaths: parts.flatMap((part) => (part.kind === 'state' && part.appendOnly ? [part.path] : [])),
  };
}

/** Each map of the state's schema, by its path, and whether its lists only grow at their end. */
function stateMaps(): [string, boolean][] {
  const found: [string, boolean][] = [];
  const walk = (shape: Record<string, z.ZodType>, prefix: string) => {
    for (const [name, schema] of Object.entries(shape)) {
      const inner = unwrapped(schema);
      if (inner.def.type === 'map') found.push([prefix + name, schema.meta()?.appendOnly === true]);
      else if (inner.def.type === 'object') walk((inner as z.ZodObject).shape, `${prefix}${name}.`);
    }
  };
  walk(SandboxStateSchema.shape, '');
  return found;
}

// Read by the kind each schema names, not instanceof: the build reads zod through a stand-in (scripts/build.ts).
const unwrapped = (schema: z.ZodType): z.ZodType =>
  schema.def.type === 'default' || schema.def.type === 'optional' ? unwrapped((schema as z.ZodDefault).unwrap() as z.ZodType) : schema;
