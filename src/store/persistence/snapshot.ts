import type { PipelineBus } from '../pipeline-bus.js';
import type { ManualClock } from '../clock.js';
import type { InviteMessageEntry, InviteMessageRecord } from '../records/invite-messages.js';
import type { SandboxData } from '../fixtures/fixtures.js';
import { InstanceBag, type InstanceDiscoveryIndex } from '../indexes/instances.js';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { deepCopy } from '../copy.js';
import { groupExtrasOf, watchedGroupExtras, type GroupExtrasIndex } from '../indexes/group-extras.js';
import { peopleData } from '../indexes/people.js';
import { shopData } from '../indexes/shop.js';
import { accountEconomyData } from '../indexes/account-economy.js';
import { accountExtrasData } from '../indexes/account-extras.js';
import { RECIPE_COLLECTIONS, hasRecipes, recipeForm } from './recipe-form.js';
import { watched } from '../watched-map.js';

type Readers = { [K in keyof SandboxData]: (sandbox: Sandbox) => SandboxData[K] };

/** How each collection of a saved sandbox is read out of the sandbox's maps and indexes, in their order. */
export const collectionReaders: Readers = {
  settings: (sandbox) => sandbox.settings,
  users: (sandbox) => [...sandbox.users.values()],
  groups: (sandbox) => [...sandbox.groups.values()],
  groupMembers: (sandbox) => [...sandbox.groupMembers.values()],
  calendarEvents: (sandbox) => [...sandbox.calendarByGroup.values()].flatMap((buckets) => buckets.flatMap((bucket) => bucket.events)),
  inviteMessages: (sandbox) => customisedInviteMessages(sandbox),
  files: (sandbox) => [...sandbox.files.values()],
  adminAssetBundles: (sandbox) => [...sandbox.adminAssetBundles.values()],
  inventoryItems: (sandbox) => [...sandbox.inventoryItems.values()],
  inventoryDrops: (sandbox) => [...sandbox.inventoryDrops.values()],
  rewardCodes: (sandbox) => [...sandbox.rewardCodes.values()],
  notifications: (sandbox) => [...sandbox.notifications.values()],
  worlds: (sandbox) => [...sandbox.worlds.values()],
  instances: (sandbox) => [...sandbox.instances.values()],
  avatars: (sandbox) => [...sandbox.avatars.values()],
  avatarFavorites: () => [],
  favorites: (sandbox) => [...sandbox.favorites.values()].flat(),
  favoriteGroups: (sandbox) => [...sandbox.favoriteGroups.values()],
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
  prints: (sandbox) => [...sandbox.prints.values()],
  // props
  props: (sandbox) => [...sandbox.props.values()],
  // jams
  jams: (sandbox) => [...sandbox.jams.values()],
  jamSubmissions: (sandbox) => [...sandbox.jamSubmissions.values()],
  // agreements, asset reviews, permissions, info pushes
  ...byCollection(accountExtrasData, ['contentAgreements', 'assetReviews', 'permissions', 'infoPushes']),
};

/** One reader per collection of a function that reads several at once. */
function byCollection<T extends object, K extends keyof T>(
  read: (sandbox: Sandbox) => T,
  names: K[],
): { [N in K]: (sandbox: Sandbox) => T[N] } {
  return Object.fromEntries(names.map((name) => [name, (sandbox: Sandbox) => read(sandbox)[name]])) as {
    [N in K]: (sandbox: Sandbox) => T[N];
  };
}

/**
 * The sandbox's records and settings as fixtures hold them, read out of its maps and indexes in their
 * order, so `createSandbox` on them answers as the sandbox does. Shares the live records: clone to keep.
 */
export function sandboxData(sandbox: Sandbox): SandboxData {
  const data: Partial<Record<keyof SandboxData, unknown>> = {};
  for (const [name, read] of Object.entries(collectionReaders)) data[name as keyof SandboxData] = read(sandbox);
  return data as SandboxData;
}

/** Slots holding a text their user set; the others are rebuilt from the original texts. */
function customisedInviteMessages(sandbox: Sandbox): InviteMessageRecord[] {
  const records: InviteMessageRecord[] = [];
  for (const [key, slots] of sandbox.inviteMessages) {
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

/** A sandbox's state at one moment, detached from it: its records and what they cannot say. */
export interface SandboxSnapshot extends SandboxState {
  readonly data: SandboxData;
}

/**
 * What a sandbox's records (its fixture collections) cannot say: uploaded bytes and unfinished uploads,
 * invite-message slots as kept (a slot reset to its original text keeps its updatedAt), where instance
 * discovery's random sequence had got to, groups' extras and the order owners gave their files.
 * Snapshots, `--db` files and exported fixture directories (`state.json`) all carry it beside the
 * records, so none can drift from another.
 */
export interface SandboxState {
  readonly inviteMessages: Map<string, InviteMessageEntry[]>;
  readonly fileBlobs: Sandbox['fileBlobs'];
  readonly fileUploads: Sandbox['fileUploads'];
  readonly uploadTickets: Sandbox['uploadTickets'];
  /** Absent from files of an older shape: discovery then starts from the records' order. */
  readonly discovery?: DiscoveryState;
  /** Posts, announcements, gallery images, the audit log, blocked requests and follows. */
  readonly groupExtras: GroupExtrasIndex;
  /** Owner id -> their file ids as PUT /files/order left them; absent from files of an older shape. */
  readonly fileOrder?: Map<string, string[]>;
}

const idsOf = (bag: InstanceBag) => bag.items.map((instance) => instance.id);
const idsByKey = (bags: Map<string, InstanceBag>) => new Map([...bags].map(([key, bag]) => [key, idsOf(bag)]));

export function takeSnapshot(sandbox: Sandbox): SandboxSnapshot {
  return deepCopy(liveSnapshot(sandbox));
}

/** The sandbox's snapshot sharing its live records and maps: read it at once (a save does) or clone it. */
export function liveSnapshot(sandbox: Sandbox): SandboxSnapshot {
  return { data: { ...sandboxData(sandbox), inviteMessages: [] }, ...sandboxState(sandbox) };
}

/**
 * The sandbox as a database file keeps it: as liveSnapshot, with what its recipes still make left to
 * them (see recipeForm) and the recipes beside the records. Shares the live records: read it at once.
 */
export function savedSnapshot(sandbox: Sandbox): SandboxSnapshot {
  if (!hasRecipes(sandbox)) return liveSnapshot(sandbox);
  const { calendarRecipes, avatarRecipes, filesRecipes, recipeEdits, ...form } = recipeForm(sandbox);
  const data: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(collectionReaders)) {
    data[name] = (RECIPE_COLLECTIONS as readonly string[]).includes(name) ? form[name as keyof typeof form] : read(sandbox);
  }
  const recipes = { calendarRecipes, avatarRecipes, filesRecipes, recipeEdits };
  return { data: { ...(data as unknown as SandboxData), inviteMessages: [], ...recipes }, ...sandboxState(sandbox) };
}

/** The state beside the records, sharing the live maps: clone to keep. */
export function sandboxState(sandbox: Sandbox): SandboxState {
  const { seed, requests, all, byWorld, byGroup } = sandbox.instanceDiscovery;
  return {
    inviteMessages: sandbox.inviteMessages,
    fileBlobs: sandbox.fileBlobs,
    fileUploads: sandbox.fileUploads,
    uploadTickets: sandbox.uploadTickets,
    discovery: { seed, requests, all: idsOf(all), byWorld: idsByKey(byWorld), byGroup: idsByKey(byGroup) },
    groupExtras: groupExtrasOf(sandbox),
    fileOrder: sandbox.files.savedOrder(),
  };
}

/** What carries on when a sandbox is put back or rebuilt: its sessions, and the codes mailed to logins still pending. */
export type LoginsInProgress = Pick<Sandbox, 'sessions' | 'emailOtps'>;

export const loginsOf = ({ sessions, emailOtps }: Sandbox): LoginsInProgress => ({ sessions, emailOtps });

/** A new sandbox as the snapshot holds it, on the given clock and logins; the snapshot stays reusable. */
export function restoreSnapshot(snapshot: SandboxSnapshot, clock: ManualClock, logins: LoginsInProgress, pipeline?: PipelineBus): Sandbox {
  const { data, ...state } = deepCopy(snapshot);
  return { ...withState(createSandbox(data, clock, pipeline), state), ...logins };
}

/** The sandbox with `state` (which it takes ownership of) in place of what its records alone give. */
export function withState(sandbox: Sandbox, state: SandboxState): Sandbox {
  if (state.fileOrder) sandbox.files.putOrder(state.fileOrder);
  return {
    ...sandbox,
    // Maps read from a file are plain: the sandbox's are watched (see WatchedMap).
    inviteMessages: watched(state.inviteMessages),
    fileBlobs: watched(state.fileBlobs),
    fileUploads: watched(state.fileUploads),
    uploadTickets: watched(state.uploadTickets),
    instanceDiscovery: state.discovery ? rebuildDiscovery(sandbox, state.discovery) : sandbox.instanceDiscovery,
    ...watchedGroupExtras(state.groupExtras),
  };
}

function rebuildDiscovery(sandbox: Sandbox, state: DiscoveryState): InstanceDiscoveryIndex {
  const bagOf = (ids: string[]) => {
    const bag = new InstanceBag();
    // A hand-edited fixture directory may have dropped an instance its state.json still names.
    for (const id of ids) {
      const instance = sandbox.instances.get(id);
      if (instance) bag.add(instance);
    }
    return bag;
  };
  const bagsOf = (byKey: Map<string, string[]>) => new Map([...byKey].map(([key, ids]) => [key, bagOf(ids)]));
  const { seed, requests } = state;
  return { seed, requests, all: bagOf(state.all), byWorld: bagsOf(state.byWorld), byGroup: bagsOf(state.byGroup) };
}
