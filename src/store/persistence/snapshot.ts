import type { Sessions } from '../sessions.js';
import type { PipelineBus } from '../pipeline-bus.js';
import type { ManualClock } from '../clock.js';
import type { InviteMessageEntry, InviteMessageRecord } from '../records/invite-messages.js';
import type { WorldData } from '../fixtures/fixtures.js';
import { InstanceBag, type InstanceDiscoveryIndex } from '../indexes/instances.js';
import { createWorld, type World } from '../world.js';
import { groupExtrasOf, type GroupExtrasIndex } from '../indexes/group-extras.js';
import { peopleData } from '../indexes/people.js';
// economy shop
import { shopData } from '../indexes/shop.js';
// economy: accounts
import { accountEconomyData } from '../indexes/account-economy.js';
// issue 27, misc
import { accountExtrasData } from '../indexes/account-extras.js';

type Readers = { [K in keyof WorldData]: (world: World) => WorldData[K] };

/** How each collection of a saved world is read out of the world's maps and indexes, in their order. */
export const collectionReaders: Readers = {
  settings: (world) => world.settings,
  users: (world) => [...world.users.values()],
  groups: (world) => [...world.groups.values()],
  groupMembers: (world) => [...world.groupMembers.values()],
  calendarEvents: (world) => [...world.calendarByGroup.values()].flatMap((buckets) => buckets.flatMap((bucket) => bucket.events)),
  inviteMessages: (world) => customisedInviteMessages(world),
  files: (world) => [...world.files.values()],
  adminAssetBundles: (world) => [...world.adminAssetBundles.values()],
  inventoryItems: (world) => [...world.inventoryItems.values()],
  inventoryDrops: (world) => [...world.inventoryDrops.values()],
  rewardCodes: (world) => [...world.rewardCodes.values()],
  notifications: (world) => [...world.notifications.values()],
  worlds: (world) => [...world.worlds.values()],
  instances: (world) => [...world.instances.values()],
  avatars: (world) => [...world.avatars.values()],
  avatarFavorites: () => [],
  favorites: (world) => [...world.favorites.values()].flat(),
  favoriteGroups: (world) => [...world.favoriteGroups.values()],
  ...byCollection(peopleData, ['playerModerations', 'avatarModerations', 'userNotes', 'notificationsV2', 'moderationReports', 'emails']),
  // economy shop
  ...byCollection(shopData, ['products', 'listings', 'stores', 'purchases', 'balances', 'licenseGroups']),
  // economy: accounts
  ...byCollection(accountEconomyData, [
    'subscriptions',
    'userSubscriptions',
    'steamTransactions',
    'tiliaAccounts',
    'payouts',
    'tokenBundles',
    'giftPurchases',
  ]),
  // prints
  prints: (world) => [...world.prints.values()],
  // props
  props: (world) => [...world.props.values()],
  // jams
  jams: (world) => [...world.jams.values()],
  jamSubmissions: (world) => [...world.jamSubmissions.values()],
  // issue 27, misc
  ...byCollection(accountExtrasData, ['contentAgreements', 'assetReviews', 'permissions', 'infoPushes']),
};

/** One reader per collection of a function that reads several at once. */
function byCollection<T extends object, K extends keyof T>(read: (world: World) => T, names: K[]): { [N in K]: (world: World) => T[N] } {
  return Object.fromEntries(names.map((name) => [name, (world: World) => read(world)[name]])) as { [N in K]: (world: World) => T[N] };
}

/**
 * The world's records and settings as fixtures hold them, read out of its maps and indexes in their
 * order, so `createWorld` on them answers as the world does. Shares the live records: clone to keep.
 */
export function worldData(world: World): WorldData {
  const data: Partial<Record<keyof WorldData, unknown>> = {};
  for (const [name, read] of Object.entries(collectionReaders)) data[name as keyof WorldData] = read(world);
  return data as WorldData;
}

/** Slots holding a text their user set; the others are rebuilt from the original texts. */
function customisedInviteMessages(world: World): InviteMessageRecord[] {
  const records: InviteMessageRecord[] = [];
  for (const [key, slots] of world.inviteMessages) {
    const userId = key.slice(0, key.lastIndexOf('/'));
    for (const { id, messageType, slot, message, updatedAt, customised } of slots) {
      if (customised) records.push({ id, userId, messageType, slot, message, updatedAt });
    }
  }
  return records;
}

/** Discovery's bags as instance ids, in their order: after closures it is no longer the records' order. */
interface DiscoveryState {
  seed: number;
  requests: number;
  all: string[];
  byWorld: Map<string, string[]>;
  byGroup: Map<string, string[]>;
}

/** A world's state at one moment, detached from it: its records and what they cannot say. */
export interface WorldSnapshot extends WorldState {
  readonly data: WorldData;
}

/**
 * What a world's records (its fixture collections) cannot say: uploaded bytes and unfinished uploads,
 * invite-message slots as kept (a slot reset to its original text keeps its updatedAt), where instance
 * discovery's random sequence had got to, and groups' extras. Snapshots, `--db` files and exported
 * fixture directories (`state.json`) all carry it beside the records, so none can drift from another.
 */
export interface WorldState {
  readonly inviteMessages: Map<string, InviteMessageEntry[]>;
  readonly fileBlobs: World['fileBlobs'];
  readonly fileUploads: World['fileUploads'];
  readonly uploadTickets: World['uploadTickets'];
  /** Absent from files of an older shape: discovery then starts from the records' order. */
  readonly discovery?: DiscoveryState;
  /** Posts, announcements, gallery images, the audit log, blocked requests and follows. */
  readonly groupExtras: GroupExtrasIndex;
}

const idsOf = (bag: InstanceBag) => bag.items.map((instance) => instance.id);
const idsByKey = (bags: Map<string, InstanceBag>) => new Map([...bags].map(([key, bag]) => [key, idsOf(bag)]));

export function takeSnapshot(world: World): WorldSnapshot {
  return structuredClone(liveSnapshot(world));
}

/** The world's snapshot sharing its live records and maps: read it at once (a save does) or clone it. */
export function liveSnapshot(world: World): WorldSnapshot {
  return { data: { ...worldData(world), inviteMessages: [] }, ...worldState(world) };
}

/** The state beside the records, sharing the live maps: clone to keep. */
export function worldState(world: World): WorldState {
  const { seed, requests, all, byWorld, byGroup } = world.instanceDiscovery;
  return {
    inviteMessages: world.inviteMessages,
    fileBlobs: world.fileBlobs,
    fileUploads: world.fileUploads,
    uploadTickets: world.uploadTickets,
    discovery: { seed, requests, all: idsOf(all), byWorld: idsByKey(byWorld), byGroup: idsByKey(byGroup) },
    groupExtras: groupExtrasOf(world),
  };
}

/** A new world as the snapshot holds it, on the given clock and sessions; the snapshot stays reusable. */
export function restoreSnapshot(snapshot: WorldSnapshot, clock: ManualClock, sessions: Sessions, pipeline?: PipelineBus): World {
  const { data, ...state } = structuredClone(snapshot);
  return { ...withState(createWorld(data, clock, pipeline), state), sessions };
}

/** The world with `state` (which it takes ownership of) in place of what its records alone give. */
export function withState(world: World, state: WorldState): World {
  return {
    ...world,
    inviteMessages: state.inviteMessages,
    fileBlobs: state.fileBlobs,
    fileUploads: state.fileUploads,
    uploadTickets: state.uploadTickets,
    instanceDiscovery: state.discovery ? rebuildDiscovery(world, state.discovery) : world.instanceDiscovery,
    ...state.groupExtras,
  };
}

function rebuildDiscovery(world: World, state: DiscoveryState): InstanceDiscoveryIndex {
  const bagOf = (ids: string[]) => {
    const bag = new InstanceBag();
    // A hand-edited fixture directory may have dropped an instance its state.json still names.
    for (const id of ids) {
      const instance = world.instances.get(id);
      if (instance) bag.add(instance);
    }
    return bag;
  };
  const bagsOf = (byKey: Map<string, string[]>) => new Map([...byKey].map(([key, ids]) => [key, bagOf(ids)]));
  const { seed, requests } = state;
  return { seed, requests, all: bagOf(state.all), byWorld: bagsOf(state.byWorld), byGroup: bagsOf(state.byGroup) };
}
