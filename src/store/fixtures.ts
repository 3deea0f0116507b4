import * as z from 'zod';
import { UserRecordSchema } from '../schemas/user.js';
import { GroupMemberRecordSchema, GroupRecordSchema } from '../schemas/groups.js';
import { CalendarEventRecordSchema } from '../schemas/calendar.js';
import { InviteMessageRecordSchema } from '../schemas/invite-messages.js';
import { AdminAssetBundleRecordSchema, FileRecordSchema } from '../schemas/files.js';
import { InventoryItemRecordSchema } from '../schemas/inventory.js';
import { InventoryDropRecordSchema, RewardCodeRecordSchema } from '../schemas/inventory-rewards.js';
import { NotificationRecordSchema } from '../schemas/notifications.js';
import { WorldRecordSchema } from '../schemas/worlds.js';
import { InstanceRecordSchema } from '../schemas/instances.js';
import { AvatarFavoriteRecordSchema, AvatarRecordSchema } from '../schemas/avatars.js';
import { FavoriteGroupRecordSchema, FavoriteRecordSchema } from '../schemas/favorites.js';
import {
  AvatarModerationRecordSchema,
  EmailRecordSchema,
  ModerationReportRecordSchema,
  NotificationV2RecordSchema,
  PlayerModerationRecordSchema,
  UserNoteRecordSchema,
} from '../schemas/people.js';
import { WorldSettingsSchema, type WorldSettings } from '../schemas/settings.js';

/**
 * Every collection a fixture set may hold: one file `<name>.json` each, holding an array of records.
 * A missing file is an empty collection; fields a record leaves out take the schema's defaults.
 */
export const collections = {
  users: UserRecordSchema,
  groups: GroupRecordSchema,
  groupMembers: GroupMemberRecordSchema,
  calendarEvents: CalendarEventRecordSchema,
  inviteMessages: InviteMessageRecordSchema,
  files: FileRecordSchema,
  adminAssetBundles: AdminAssetBundleRecordSchema,
  inventoryItems: InventoryItemRecordSchema,
  inventoryDrops: InventoryDropRecordSchema,
  rewardCodes: RewardCodeRecordSchema,
  notifications: NotificationRecordSchema,
  worlds: WorldRecordSchema,
  instances: InstanceRecordSchema,
  avatars: AvatarRecordSchema,
  /** Avatar favorites as older fixture sets hold them, without id and group: read into `favorites`. */
  avatarFavorites: AvatarFavoriteRecordSchema,
  favorites: FavoriteRecordSchema,
  favoriteGroups: FavoriteGroupRecordSchema,
  playerModerations: PlayerModerationRecordSchema,
  avatarModerations: AvatarModerationRecordSchema,
  userNotes: UserNoteRecordSchema,
  notificationsV2: NotificationV2RecordSchema,
  moderationReports: ModerationReportRecordSchema,
  emails: EmailRecordSchema,
} as const;

export type CollectionName = keyof typeof collections;
export const collectionNames = Object.keys(collections) as CollectionName[];

export type WorldData = { [K in CollectionName]: z.output<(typeof collections)[K]>[] } & {
  settings: WorldSettings;
};

/** A fixture (or scenario) file that cannot be used, named by file and field so the user can fix it. */
export class FixtureError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
    readonly kind: 'fixture' | 'scenario' = 'fixture',
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`);
  }
}

export const fieldPath = (path: readonly PropertyKey[]) =>
  path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');

function parseOne<T extends z.ZodType>(file: string, schema: T, raw: unknown): z.output<T> {
  // Parsed once at start-up: compiling zod's fast path for each schema would cost more than it saves.
  const result = schema.safeParse(raw, { jitless: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new FixtureError(file, fieldPath(issue.path), issue.message);
}

/** Turns the raw contents of a fixture set (collection name -> parsed JSON) into world data. */
export function parseFixtures(raw: Partial<Record<CollectionName | 'settings', unknown>>): WorldData {
  const data = { settings: parseOne('settings.json', WorldSettingsSchema, raw.settings ?? {}) } as WorldData;
  for (const name of collectionNames) {
    const file = `${name}.json`;
    const records = parseOne(file, z.array(collections[name]), raw[name] ?? []) as { id?: string }[];
    const seen = new Set<string>();
    records.forEach((record, index) => {
      if (record.id === undefined) return;
      if (seen.has(record.id)) throw new FixtureError(file, `[${index}].id`, `duplicate id ${record.id}`);
      seen.add(record.id);
    });
    (data as Record<string, unknown>)[name] = records;
  }
  // Users log in by username or email, case-insensitively: each must name exactly one user.
  const logins = new Set<string>();
  data.users.forEach((user, index) => {
    for (const field of ['username', 'email'] as const) {
      const key = user[field].toLowerCase();
      if (!key) continue;
      if (logins.has(key)) throw new FixtureError('users.json', `[${index}].${field}`, `duplicate ${field} ${user[field]}`);
      logins.add(key);
    }
  });
  return data;
}

export function emptyWorldData(): WorldData {
  return parseFixtures({});
}
