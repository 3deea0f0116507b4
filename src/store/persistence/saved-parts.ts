import type { Sandbox } from '../sandbox.js';
import { changedCalendar, type Writes } from './calendar-months.js';

/**
 * Where each of the world's fields is kept in a saved world (see worldData and worldState), so a
 * write that reached a field saves only what that field holds:
 * - `keyed` fields are maps whose entry under a key holds records of `collection` that have `by`
 *   equal to the key; `home` when the map is where those records live (an entry gone means its
 *   records are gone), not merely an index of them (an entry gone means nothing);
 * - `state` fields are maps saved entry by entry at `path` of the world's state;
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
      appendOnly?: boolean;
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
const state = (path: string, appendOnly = false): SavedPart => ({ kind: 'state', path, appendOnly });
const whole = (collections: string[], stateParts: string[] = []): SavedPart => ({ kind: 'whole', collections, state: stateParts });
const unsaved: SavedPart = { kind: 'unsaved' };

export const savedParts: Partial<Record<keyof Sandbox | 'writes', SavedPart>> = {
  users: home('users'),
  groups: home('groups'),
  groupMembers: home('groupMembers'),
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
  notifications: home('notifications'),
  notificationsByReceiver: index('notifications', 'receiverUserId', arrayItems),
  worlds: home('worlds'),
  instances: home('instances'),
  instancesByWorld: index('instances', 'worldId', arrayItems),
  inventoryItems: home('inventoryItems'),
  inventoryByHolder: index('inventoryItems', 'holderId', mapValues),
  inventoryEquipped: index('inventoryItems', 'holderId', mapValues),
  inviteMessages: state('inviteMessages'),
  fileBlobs: state('fileBlobs'),
  fileUploads: state('fileUploads'),
  uploadTickets: state('uploadTickets'),
  groupPosts: state('groupExtras.groupPosts'),
  groupAnnouncements: state('groupExtras.groupAnnouncements'),
  groupGalleryImages: state('groupExtras.groupGalleryImages'),
  // Only audit() changes a log: it appends, and past the limit drops the oldest.
  groupAuditLogs: state('groupExtras.groupAuditLogs', true),
  groupBlockedRequests: state('groupExtras.groupBlockedRequests'),
  calendarFollows: state('groupExtras.calendarFollows'),
  settings: whole(['settings']),
  // The order putFirst sets is not the records' order: it goes with the collection whole.
  files: { ...home('files'), state: ['fileOrder'] },
  avatars: home('avatars'),
  favorites: { kind: 'keyed', collection: 'favorites', by: 'userId', home: true, records: arrayItems },
  ...Object.fromEntries(
    [
      'adminAssetBundles',
      'inventoryDrops',
      'playerModerations',
      'userNotes',
      'notificationsV2',
      'moderationReports',
      'subscriptions',
      'steamTransactions',
      'tokenBundles',
      'giftPurchases',
      'products',
      'listings',
      'stores',
      'purchases',
      'licenseGroups',
      'prints',
      'props',
      'jams',
      'jamSubmissions',
      'contentAgreements',
      'assetReviews',
      'permissions',
      'infoPushes',
    ].map((name) => [name, home(name)]),
  ),
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
