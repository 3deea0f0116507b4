import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { GROWTH } from '../../limits.js';
import { GroupRoleTemplate, type LimitedGroup } from '../../store/records/group-extras.js';
import {
  GroupJoinState,
  GroupMemberRecordSchema,
  GroupPrivacy,
  GroupRecordSchema,
  GroupRoleSchema,
  type Group,
  type GroupPermission,
  type GroupRecord,
} from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { deleteGroupMember, findGroupMember, putGroupMember } from '../../store/indexes/group-members.js';
import { removeGroupCalendar } from '../../store/indexes/calendar.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { GROUP_PERMISSION_INFO } from './permission-names.js';
import { groupPermissions } from './permissions.js';
import { groupView } from './views.js';
import { audit } from './audit.js';
import { belongs, findGroup, memberRecord, requireGroupAccess } from './access.js';
import { emitGroupJoined, emitGroupLeft, memberIds } from './events.js';
import { GROUP_ROLE_TEMPLATES } from './templates.js';
import { guardGrowth } from '../../store/growth.js';

/**
 * How many groups one user may own and be a member of. The live service lets a user own 5 (the community's
 * conformance suite, workflow group-lifecycle: `You're not allowed to own more than 5 groups.`); the number is
 * the groups' row of the growth table.
 */
export const GROUP_LIMITS = { owned: GROWTH.groups.perOwner, joined: 100 } as const;

const SearchQuerySchema = lazy(() => z.object({ query: z.string().optional(), ...pageParams() }));

const limitedGroup = (sandbox: Sandbox, group: GroupRecord, viewerId: string): LimitedGroup => ({
  id: group.id,
  name: group.name,
  shortCode: group.shortCode,
  discriminator: group.discriminator,
  description: group.description,
  iconId: group.iconId,
  iconUrl: group.iconUrl,
  bannerId: group.bannerId,
  bannerUrl: group.bannerUrl,
  ownerId: group.ownerId,
  rules: group.rules,
  memberCount: group.memberCount,
  tags: group.tags,
  createdAt: group.createdAt,
  membershipStatus: findGroupMember(sandbox, group.id, viewerId)?.membershipStatus ?? 'inactive',
  isSearchable: group.privacy !== 'private',
  galleries: group.galleries,
});

/** Groups whose name or short code contains the query, private ones only for their members. */
export function searchGroups(sandbox: Sandbox, actor: UserRecord, rawQuery: unknown): LimitedGroup[] {
  const query = parseInput(SearchQuerySchema, rawQuery);
  const term = query.query?.trim().toLowerCase() ?? '';
  const found: LimitedGroup[] = [];
  let skip = query.offset;
  for (const group of sandbox.groups.values()) {
    if (found.length === query.n) break;
    if (group.privacy === 'private' && !belongs(sandbox, group, actor.id)) continue;
    const matches = group.name.toLowerCase().includes(term) || group.shortCode.toLowerCase().includes(term);
    if (!matches) continue;
    if (skip > 0) skip--;
    else found.push(limitedGroup(sandbox, group, actor.id));
  }
  return found;
}

export const CreateGroupRequestSchema = lazy(() =>
  z.object({
    name: z.string().trim().min(3).max(64),
    shortCode: z
      .string()
      .regex(/^[A-Za-z0-9]*$/, 'must contain only letters and digits')
      .min(3)
      .max(6),
    roleTemplate: GroupRoleTemplate,
    description: z.string().max(250).optional(),
    joinState: GroupJoinState.optional(),
    privacy: GroupPrivacy.optional(),
    bannerId: z.string().nullable().optional(),
    iconId: z.string().nullable().optional(),
  }),
);

/** The lowest four-digit discriminator no other group with the same short code holds. */
function freeDiscriminator(sandbox: Sandbox, shortCode: string): string {
  const taken = new Set<string>();
  for (const group of sandbox.groups.values()) {
    if (group.shortCode.toLowerCase() === shortCode.toLowerCase()) taken.add(group.discriminator);
  }
  for (let n = 0; n < 10000; n++) {
    const discriminator = String(n).padStart(4, '0');
    if (!taken.has(discriminator)) return discriminator;
  }
  throw new ApiError(400, messages.groupShortCodeTaken);
}

export const ownedGroups = (sandbox: Sandbox, userId: string) =>
  [...sandbox.groups.values()].filter((group) => group.ownerId === userId).length;

/**
 * Makes a group from a role template: an Owner role (`*`), the template's extra role, and a default
 * Member role with the template's base permissions. The creator is its owner and first member.
 */
export function createGroup(sandbox: Sandbox, actor: UserRecord, body: unknown): Group {
  const request = parseInput(CreateGroupRequestSchema, body);
  if (ownedGroups(sandbox, actor.id) >= GROUP_LIMITS.owned) throw new ApiError(403, messages.groupOwnLimit(GROUP_LIMITS.owned));
  guardGrowth(sandbox, 'groups', actor.id);
  const template = GROUP_ROLE_TEMPLATES[request.roleTemplate];
  const now = isoNow(sandbox.clock);
  const groupId = newId('grp');
  const role = (order: number, fields: { name: string; description: string; permissions: GroupPermission[] }, extra = {}) =>
    GroupRoleSchema.parse({ id: newId('grol'), groupId, order, ...fields, createdAt: now, updatedAt: now, ...extra });
  const owner = role(0, { name: 'Owner', description: 'Owns the group.', permissions: ['*'] }, { isManagementRole: true });
  const extra = role(
    1,
    { name: template.roles.name, description: template.roles.description, permissions: template.roles.basePermissions },
    {
      isManagementRole: true,
      isAddedOnJoin: template.roles.isAddedOnJoin,
    },
  );
  const member = role(2, { name: 'Member', description: 'Every member.', permissions: template.basePermissions }, { defaultRole: true });
  const group = GroupRecordSchema.parse({
    id: groupId,
    ownerId: actor.id,
    name: request.name,
    shortCode: request.shortCode,
    discriminator: freeDiscriminator(sandbox, request.shortCode),
    description: request.description ?? '',
    joinState: request.joinState ?? template.joinState,
    privacy: request.privacy ?? 'default',
    bannerId: request.bannerId ?? null,
    iconId: request.iconId ?? null,
    memberCount: 1,
    createdAt: now,
    updatedAt: now,
    memberCountSyncedAt: now,
    roles: [owner, extra, member],
  });
  sandbox.groups.set(group.id, group);
  putGroupMember(
    sandbox,
    GroupMemberRecordSchema.parse({
      id: newId('gmem'),
      groupId,
      userId: actor.id,
      membershipStatus: 'member',
      createdAt: now,
      joinedAt: now,
      roleIds: [owner.id],
    }),
  );
  audit(sandbox, group, actor, 'group.create', group.id, `Group ${group.name} was created by ${actor.displayName}.`);
  emitGroupJoined(sandbox, group.id, actor.id);
  return groupView(sandbox, group, actor.id);
}

/** The owner deletes the group; every relation to it goes, and every member is told they left. */
/** A deleted group is gone either way; the flag is checked so a bad value is a 400 rather than ignored. */
const DeleteGroupQuerySchema = lazy(() => z.object({ hardDelete: queryBool().optional() }));

export function deleteGroup(sandbox: Sandbox, actor: UserRecord, groupId: string, query: unknown = {}): string {
  parseInput(DeleteGroupQuerySchema, query);
  const group = findGroup(sandbox, groupId, 'deleteGroup');
  requireGroupAccess(sandbox, group, actor, 'deleteGroup');
  const members = memberIds(sandbox, group);
  for (const record of [...(sandbox.groupMembersByGroup.get(group.id)?.values() ?? [])]) deleteGroupMember(sandbox, record);
  sandbox.groups.delete(group.id);
  sandbox.groupPosts.delete(group.id);
  sandbox.groupAnnouncements.delete(group.id);
  sandbox.groupAuditLogs.delete(group.id);
  sandbox.groupBlockedRequests.delete(group.id);
  // What names the group goes with it, or the world could not be saved and read back.
  for (const event of removeGroupCalendar(sandbox, group.id)) {
    for (const follows of sandbox.calendarFollows.values()) follows.delete(event.id);
  }
  for (const store of [...sandbox.stores.values()]) if (store.groupId === group.id) sandbox.stores.delete(store.id);
  for (const userId of members) emitGroupLeft(sandbox, group.id, userId);
  return messages.groupDeleted;
}

/** GET /groups/{groupId}/permissions: every permission, `allowedToAdd` where the requester holds it. */
export function listGroupPermissions(sandbox: Sandbox, actor: UserRecord, groupId: string) {
  const group = findGroup(sandbox, groupId, 'getGroupPermissions');
  requireGroupAccess(sandbox, group, actor, 'getGroupPermissions');
  const held = groupPermissions(group, actor.id, findGroupMember(sandbox, group.id, actor.id));
  return Object.entries(GROUP_PERMISSION_INFO).map(([name, info]) => ({
    name,
    displayName: info.displayName,
    help: info.help,
    isManagementPermission: info.management,
    allowedToAdd: held.includes('*') || held.includes(name as GroupPermission),
  }));
}

const RepresentationSchema = lazy(() => z.object({ isRepresenting: z.boolean() }));

/** A member represents at most one group: representing this one stops representing any other. */
export function updateRepresentation(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): string {
  const group = findGroup(sandbox, groupId, 'updateGroupRepresentation');
  const { isRepresenting } = parseInput(RepresentationSchema, body);
  const record = memberRecord(sandbox, group.id, actor.id);
  if (!record) throw new ApiError(403, messages.groupNotMember);
  if (isRepresenting) {
    for (const other of sandbox.groupMembersByUser.get(actor.id)?.values() ?? []) other.isRepresenting = false;
  }
  record.isRepresenting = isRepresenting;
  return messages.groupRepresentationUpdated;
}
