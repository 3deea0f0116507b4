import type { InventoryDropRecord, RewardCodeRecord } from './records/inventory-rewards.js';
import type { ManualClock } from './clock.js';
import type { SandboxSettings } from './records/settings.js';
import type { UserRecord } from './records/user.js';
import type { GroupRecord } from './records/groups.js';
import { indexGroupMembers, type GroupMemberIndex } from './indexes/group-members.js';
import { indexCalendarEvents, type CalendarIndex } from './indexes/calendar.js';
import { emptyGroupExtras, type GroupExtrasIndex } from './indexes/group-extras.js';
import { indexInviteMessages, type InviteMessageIndex } from './indexes/invite-messages.js';
import type { AdminAssetBundleRecord, UploadSession, UploadTicket } from './records/files.js';
import { FileIndex } from './indexes/files.js';
import { indexInventory, type InventoryIndex } from './indexes/inventory.js';
import { indexNotifications, type NotificationIndex } from './indexes/notifications.js';
import { indexInstances, type InstanceIndex } from './indexes/instances.js';
import { indexAvatars, type AvatarIndex } from './indexes/avatars.js';
import { fromAvatarFavorites, indexFavoriteGroups } from './indexes/favorites.js';
import type { FavoriteGroupRecord } from './records/favorites.js';
import { WorldNameIndex } from './indexes/world-names.js';
import type { SandboxDataWithRecipes } from './recipes/recipes.js';
import { createSessions, type Sessions } from './sessions.js';
import { PipelineBus } from './pipeline-bus.js';
import { ReadCache } from './read-cache.js';
import { indexPeople, placeOccupants, type PeopleIndex } from './indexes/people.js';
import { fileAllFriends } from './indexes/friend-buckets.js';
import { indexShop, type ShopIndex } from './indexes/shop.js';
import { indexAccountEconomy, type AccountEconomyIndex } from './indexes/account-economy.js';
import type { PrintRecord } from './records/prints.js';
import type { PropRecord } from './records/props.js';
import type { JamRecord, JamSubmissionRecord } from './records/jams.js';
import { indexAccountExtras, type AccountExtrasIndex } from './indexes/account-extras.js';
import { fileDataBytes } from './upload-bytes.js';
import { WatchedMap, byIdWatched } from './watched-map.js';

/**
 * One isolated, mutable sandbox: every record, its indexes, its sessions and its clock.
 * Handlers reach it through the request context, never through a module-level variable.
 */
export interface Sandbox
  extends
    GroupMemberIndex,
    GroupExtrasIndex,
    CalendarIndex,
    InventoryIndex,
    NotificationIndex,
    AvatarIndex,
    InviteMessageIndex,
    InstanceIndex,
    PeopleIndex,
    ShopIndex,
    AccountEconomyIndex,
    AccountExtrasIndex {
  /** The sandbox's own clock; the control plane may move it. */
  readonly clock: ManualClock;
  readonly settings: SandboxSettings;
  readonly sessions: Sessions;
  readonly users: Map<string, UserRecord>;
  /** Lower-cased username or email -> user id. */
  readonly userLogins: Map<string, string>;
  readonly groups: Map<string, GroupRecord>;
  /** By id, and by owner oldest first. */
  readonly files: FileIndex;
  /** Bytes fixture parts give inline (their base64 `data`, decoded): they count against the process's share for uploads. */
  readonly fixtureFileBytes: number;
  /** `<fileId>/<version>/<fileType>` -> the bytes uploaded for that part (fixtures' bytes stay on the record). */
  readonly fileBlobs: Map<string, Uint8Array<ArrayBuffer>>;
  /** `<fileId>/<version>/<fileType>` -> the upload started for that part and not yet finished. */
  readonly fileUploads: Map<string, UploadSession>;
  /** Upload URL token -> the part it accepts bytes for. */
  readonly uploadTickets: Map<string, UploadTicket>;
  readonly adminAssetBundles: Map<string, AdminAssetBundleRecord>;
  readonly inventoryDrops: Map<string, InventoryDropRecord>;
  /** Reward code -> what it gives and who redeemed it. */
  readonly rewardCodes: Map<string, RewardCodeRecord>;
  /** Favorite groups their owners renamed or made visible, by favoriteGroupKey; the others take defaults. */
  readonly favoriteGroups: Map<string, FavoriteGroupRecord>;
  /** The words of worlds' names, for world search; told when a name changes. */
  readonly worldNames: WorldNameIndex;
  /**
   * Moved on before and after every API request that may change the sandbox (any method but GET and
   * HEAD), and by a login, the one GET that changes a record: an answer in readCache is good while the
   * revision it was made at still stands.
   */
  revision: number;
  /** Request key -> the JSON a read answered at a revision (see cachedJson in src/http/helpers.ts). */
  readonly readCache: ReadCache;
  /** Events for the event socket; the same bus outlives a reset or restore of the sandbox. */
  readonly pipeline: PipelineBus;
  // prints
  readonly prints: Map<string, PrintRecord>;
  // props
  readonly props: Map<string, PropRecord>;
  // jams
  readonly jams: Map<string, JamRecord>;
  readonly jamSubmissions: Map<string, JamSubmissionRecord>;
  /** Told of every request that may change the sandbox, when a `--db` file saves it (see WriteTracker). */
  writes?: WriteWindow;
}

export interface WriteWindow {
  /** `everything` when the request's changes cannot be told from what it reads (the control plane's). */
  begin(everything?: boolean): void;
  end(): void;
  /** Runs `read` without its reads counting as the write's (a count a rule's guard takes, a save). */
  quietly<T>(read: () => T): T;
}

export interface CachedRead {
  revision: number;
  /** The span of sandbox time, [from, until) in epoch ms, in which the answer holds. */
  from: number;
  until: number;
  text: string;
  /** Items answered when a list was cut at LIMITS.listAnswerBytes. */
  cutTo?: number;
}

/** Builds a sandbox from data it takes ownership of (pass a clone to keep the original). */
export function createSandbox(data: SandboxDataWithRecipes, clock: ManualClock, pipeline = new PipelineBus()): Sandbox {
  const users = byIdWatched(data.users);
  const groups = byIdWatched(data.groups);
  const userLogins = new Map<string, string>();
  for (const user of data.users) indexUserLogin(userLogins, user);
  const instances = indexInstances(data.worlds, data.instances);
  placeOccupants(users, instances.instances.values());
  fileAllFriends(users);
  return {
    clock,
    settings: data.settings,
    sessions: createSessions(clock, data.settings, (token) => pipeline.signal({ kind: 'session-ended', token })),
    users,
    userLogins,
    groups,
    ...indexGroupMembers(groups, data.groupMembers, (id) => users.get(id)?.state === 'online'),
    ...emptyGroupExtras(),
    ...indexCalendarEvents(data.calendarEvents, data.calendarRecipes, data.recipeEdits),
    ...indexInviteMessages(data.inviteMessages),
    files: new FileIndex(data.files, data.filesRecipes, data.recipeEdits),
    fixtureFileBytes: fileDataBytes(data.files),
    fileBlobs: new WatchedMap(),
    fileUploads: new WatchedMap(),
    uploadTickets: new WatchedMap(),
    adminAssetBundles: byIdWatched(data.adminAssetBundles),
    ...indexInventory(data.inventoryItems),
    inventoryDrops: byIdWatched(data.inventoryDrops),
    rewardCodes: new Map(data.rewardCodes.map((reward) => [reward.code, reward])),
    ...indexNotifications(data.notifications),
    ...instances,
    ...indexPeople(data),
    // economy: accounts
    ...indexAccountEconomy(data),
    ...indexAvatars(data.avatars, [...fromAvatarFavorites(data.avatarFavorites), ...data.favorites], data.avatarRecipes, data.recipeEdits),
    favoriteGroups: indexFavoriteGroups(data.favoriteGroups),
    // economy shop
    ...indexShop(data),
    worldNames: new WorldNameIndex(),
    revision: 0,
    readCache: new ReadCache(data.settings.readCacheBytes),
    pipeline,
    // prints
    prints: byIdWatched(data.prints),
    // props
    props: byIdWatched(data.props),
    // jams
    jams: byIdWatched(data.jams),
    jamSubmissions: byIdWatched(data.jamSubmissions),
    // agreements, asset reviews, permissions, info pushes
    ...indexAccountExtras(data),
  };
}

export function indexUserLogin(logins: Map<string, string>, user: UserRecord) {
  logins.set(user.username.toLowerCase(), user.id);
  if (user.email) logins.set(user.email.toLowerCase(), user.id);
}
