import type { World } from '../../store/world.js';
import type { UserRecord } from '../../store/records/user.js';
import { eventsInMonth, monthOf } from '../../store/indexes/calendar.js';
import { isClosed } from '../../store/instance-state.js';
import type { FileRow, GroupRow, InstanceRow, InviteMessageRow, Page, UserRow, WorldRows } from './rows.js';

export interface PageQuery {
  offset: number;
  n: number;
  /** Keeps records whose id or name contains it, without case. */
  search?: string;
}

/** The monthly calendar limit the console measures each group against. */
export const CALENDAR_MONTHLY_LIMIT = 100;

/** Fields of a user record that only the server may know: left out of every console view. */
const SECRET_USER_FIELDS = new Set(['password', 'totpSecret', 'recoveryCodes', 'authToken']);

function page<T, V>(records: Iterable<T>, query: PageQuery, keep: (record: T) => boolean, view: (record: T) => V): Page<V> {
  const items: V[] = [];
  let total = 0;
  for (const record of records) {
    if (!keep(record)) continue;
    if (total >= query.offset && items.length < query.n) items.push(view(record));
    total++;
  }
  return { total, offset: query.offset, items };
}

const matcher = (search: string | undefined) => {
  const needle = search?.trim().toLowerCase();
  return (...values: (string | undefined)[]) => !needle || values.some((value) => value?.toLowerCase().includes(needle));
};

/** What the console reads of a world: plain summaries of its records, never a password or a secret. */
export function usersPage(world: World, query: PageQuery): Page<UserRow> {
  const matches = matcher(query.search);
  return page(
    world.users.values(),
    query,
    (user) => matches(user.id, user.username, user.displayName),
    (user) => ({
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      state: user.state,
      status: user.status,
      location: user.location,
      isAdmin: user.isAdmin,
      twoFactor: user.twoFactorAuthEnabled,
      sessions: world.sessions.liveCount(user.id),
      friends: user.friends.length,
    }),
  );
}

export function groupsPage(world: World, query: PageQuery): Page<GroupRow> {
  const matches = matcher(query.search);
  const month = monthOf(new Date(world.clock.now()).toISOString());
  return page(
    world.groups.values(),
    query,
    (group) => matches(group.id, group.name, group.shortCode),
    (group) => {
      let bans = 0;
      for (const member of world.groupMembersByGroup.get(group.id)?.values() ?? []) {
        if (member.membershipStatus === 'banned') bans++;
      }
      return {
        id: group.id,
        name: group.name,
        shortCode: group.shortCode,
        ownerId: group.ownerId,
        joinState: group.joinState,
        memberCount: group.memberCount,
        roles: group.roles.map((role) => role.name),
        bans,
        eventsThisMonth: eventsInMonth(world, group.id, month),
        eventsLimit: CALENDAR_MONTHLY_LIMIT,
      };
    },
  );
}

/** Invite-message slots that differ from their original text or are cooling down, with minutes left. */
export function inviteMessageSlotsPage(world: World, query: PageQuery): Page<InviteMessageRow> {
  const now = world.clock.now();
  const matches = matcher(query.search);
  const entries = [...world.inviteMessages].flatMap(([key, slots]) =>
    slots.map((slot) => ({ userId: key.slice(0, key.indexOf('/')), slot })),
  );
  return page(
    entries,
    query,
    ({ userId, slot }) => (slot.customised || slot.cooldownEndsAt > now) && matches(userId, slot.message),
    ({ userId, slot }) => ({
      id: slot.id,
      userId,
      messageType: slot.messageType,
      slot: slot.slot,
      message: slot.message,
      cooldownMinutesLeft: Math.max(0, Math.ceil((slot.cooldownEndsAt - now) / 60_000)),
    }),
  );
}

export function filesPage(world: World, query: PageQuery): Page<FileRow> {
  const matches = matcher(query.search);
  return page(
    world.files.values(),
    query,
    (file) => matches(file.id, file.name, file.ownerId),
    (file) => ({
      id: file.id,
      name: file.name,
      ownerId: file.ownerId,
      extension: file.extension,
      mimeType: file.mimeType,
      versions: file.versions.map((version) => ({ version: version.version, status: version.status })),
    }),
  );
}

export function instancesPage(world: World, query: PageQuery): Page<InstanceRow> {
  const now = world.clock.now();
  const matches = matcher(query.search);
  return page(
    world.instances.values(),
    query,
    (instance) => matches(`${instance.worldId}:${instance.instanceId}`, world.worlds.get(instance.worldId)?.name),
    (instance) => ({
      location: `${instance.worldId}:${instance.instanceId}`,
      worldId: instance.worldId,
      worldName: world.worlds.get(instance.worldId)?.name ?? null,
      userIds: instance.userIds,
      closed: isClosed(instance, now),
    }),
  );
}

export const worldPages: { [Kind in keyof WorldRows]: (world: World, query: PageQuery) => Page<WorldRows[Kind]> } = {
  users: usersPage,
  groups: groupsPage,
  'invite-messages': inviteMessageSlotsPage,
  files: filesPage,
  instances: instancesPage,
};

export type WorldPageKind = keyof WorldRows;

const withoutSecrets = (user: UserRecord) => Object.fromEntries(Object.entries(user).filter(([key]) => !SECRET_USER_FIELDS.has(key)));

/** One record by id, whatever its kind, as stored (secrets left out); undefined when the world has none. */
export function recordById(world: World, id: string): unknown {
  const user = world.users.get(id);
  if (user) return { kind: 'user', record: withoutSecrets(user), sessions: world.sessions.liveCount(id) };
  const group = world.groups.get(id);
  if (group) {
    const members = [...(world.groupMembersByGroup.get(id)?.values() ?? [])];
    return { kind: 'group', record: group, members };
  }
  const file = world.files.get(id);
  if (file) return { kind: 'file', record: file };
  const worldRecord = world.worlds.get(id);
  if (worldRecord) return { kind: 'world', record: worldRecord, instances: world.instancesByWorld.get(id) ?? [] };
  const instance = world.instances.get(id);
  if (instance) return { kind: 'instance', record: instance };
  const review = world.assetReviews.get(id);
  if (review) return { kind: 'assetReview', record: review };
  return undefined;
}
