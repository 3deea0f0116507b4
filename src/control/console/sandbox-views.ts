import type { Sandbox } from '../../store/sandbox.js';
import type { UserRecord } from '../../store/records/user.js';
import { eventsInMonth, monthOf } from '../../store/indexes/calendar.js';
import { isClosed } from '../../store/instance-state.js';
import type { FileRow, GroupRow, InstanceRow, InviteMessageRow, Page, UserRow, SandboxRows } from './rows.js';

export interface PageQuery {
  offset: number;
  n: number;
  /** Keeps records whose id or name contains it, without case. */
  search?: string;
}

/** The monthly calendar limit the console measures each group against. */
export const CALENDAR_MONTHLY_LIMIT = 100;

/** Fields of a user record that only the server may know: left out of every console view. */
const SECRET_USER_FIELDS = new Set(['password', 'totpSecret', 'pendingTotpSecret', 'recoveryCodes', 'authToken']);

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

/** What the console reads of a sandbox: plain summaries of its records, never a password or a secret. */
export function usersPage(sandbox: Sandbox, query: PageQuery): Page<UserRow> {
  const matches = matcher(query.search);
  return page(
    sandbox.users.values(),
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
      sessions: sandbox.sessions.liveCount(user.id),
      friends: user.friends.length,
    }),
  );
}

export function groupsPage(sandbox: Sandbox, query: PageQuery): Page<GroupRow> {
  const matches = matcher(query.search);
  const month = monthOf(new Date(sandbox.clock.now()).toISOString());
  return page(
    sandbox.groups.values(),
    query,
    (group) => matches(group.id, group.name, group.shortCode),
    (group) => {
      let bans = 0;
      for (const member of sandbox.groupMembersByGroup.get(group.id)?.values() ?? []) {
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
        eventsThisMonth: eventsInMonth(sandbox, group.id, month),
        eventsLimit: CALENDAR_MONTHLY_LIMIT,
      };
    },
  );
}

/** Invite-message slots that differ from their original text or are cooling down, with minutes left. */
export function inviteMessageSlotsPage(sandbox: Sandbox, query: PageQuery): Page<InviteMessageRow> {
  const now = sandbox.clock.now();
  const matches = matcher(query.search);
  const entries = [...sandbox.inviteMessages].flatMap(([key, slots]) =>
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

export function filesPage(sandbox: Sandbox, query: PageQuery): Page<FileRow> {
  const matches = matcher(query.search);
  return page(
    sandbox.files.values(),
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

export function instancesPage(sandbox: Sandbox, query: PageQuery): Page<InstanceRow> {
  const now = sandbox.clock.now();
  const matches = matcher(query.search);
  return page(
    sandbox.instances.values(),
    query,
    (instance) => matches(`${instance.worldId}:${instance.instanceId}`, sandbox.worlds.get(instance.worldId)?.name),
    (instance) => ({
      location: `${instance.worldId}:${instance.instanceId}`,
      worldId: instance.worldId,
      worldName: sandbox.worlds.get(instance.worldId)?.name ?? null,
      userIds: instance.userIds,
      closed: isClosed(instance, now),
    }),
  );
}

export const sandboxPages: { [Kind in keyof SandboxRows]: (sandbox: Sandbox, query: PageQuery) => Page<SandboxRows[Kind]> } = {
  users: usersPage,
  groups: groupsPage,
  'invite-messages': inviteMessageSlotsPage,
  files: filesPage,
  instances: instancesPage,
};

export type SandboxPageKind = keyof SandboxRows;

const withoutSecrets = (user: UserRecord) => Object.fromEntries(Object.entries(user).filter(([key]) => !SECRET_USER_FIELDS.has(key)));

/** One record by id, whatever its kind, as stored (secrets left out); undefined when the sandbox has none. */
export function recordById(sandbox: Sandbox, id: string): unknown {
  const user = sandbox.users.get(id);
  if (user) return { kind: 'user', record: withoutSecrets(user), sessions: sandbox.sessions.liveCount(id) };
  const group = sandbox.groups.get(id);
  if (group) {
    const members = [...(sandbox.groupMembersByGroup.get(id)?.values() ?? [])];
    return { kind: 'group', record: group, members };
  }
  const file = sandbox.files.get(id);
  if (file) return { kind: 'file', record: file };
  const worldRecord = sandbox.worlds.get(id);
  if (worldRecord) return { kind: 'world', record: worldRecord, instances: sandbox.instancesByWorld.get(id) ?? [] };
  const instance = sandbox.instances.get(id);
  if (instance) return { kind: 'instance', record: instance };
  const review = sandbox.assetReviews.get(id);
  if (review) return { kind: 'assetReview', record: review };
  return undefined;
}
