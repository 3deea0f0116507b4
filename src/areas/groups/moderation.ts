import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { GroupMemberRecordSchema, type GroupMember, type GroupMemberRecord, type GroupRecord } from '../../store/records/groups.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { deleteGroupMember, findGroupMember, putGroupMember } from '../../store/indexes/group-members.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { hasGroupPermission } from './permissions.js';
import { groupMemberView } from './views.js';
import { audit } from './audit.js';
import { findGroup, page, requireAbove, requireGroupAccess } from './access.js';
import { removeMembership } from './membership.js';

const MembersQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    sort: z.enum(['joinedAt:asc', 'joinedAt:desc']).optional(),
    roleId: idOf('grol').optional(),
  }),
);

/**
 * The members a requester may see: hidden members only to holders of group-members-viewall and to
 * themselves. In the order they were recorded unless sorted by joinedAt.
 */
function visibleMembers(sandbox: Sandbox, group: GroupRecord, actor: UserRecord): GroupMemberRecord[] {
  const viewAll = hasGroupPermission(sandbox, group.id, actor.id, 'group-members-viewall');
  return [...(sandbox.groupMembersByGroup.get(group.id)?.values() ?? [])].filter(
    (r) => r.membershipStatus === 'member' && (r.visibility !== 'hidden' || viewAll || r.userId === actor.id),
  );
}

export function listGroupMembers(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): GroupMember[] {
  const group = findGroup(sandbox, groupId, 'getGroupMembers');
  requireGroupAccess(sandbox, group, actor, 'getGroupMembers');
  const query = parseInput(MembersQuerySchema, rawQuery);
  let members = visibleMembers(sandbox, group, actor);
  if (query.roleId) {
    const role = group.roles.find((r) => r.id === query.roleId);
    members = members.filter((m) => role?.defaultRole || m.roleIds.includes(query.roleId!) || m.mRoleIds.includes(query.roleId!));
  }
  if (query.sort) {
    const sign = query.sort === 'joinedAt:asc' ? 1 : -1;
    members = [...members].sort((a, b) => sign * (a.joinedAt ?? '').localeCompare(b.joinedAt ?? ''));
  }
  return page(members, query).map((record) => groupMemberView(sandbox, record, actor.id));
}

const SearchQuerySchema = lazy(() => z.object({ ...pageParams(), query: z.string().min(1) }));

/** Members whose display name contains the query, ignoring case: `{results, total}`. */
export function searchGroupMembers(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown) {
  const group = findGroup(sandbox, groupId, 'searchGroupMembers');
  requireGroupAccess(sandbox, group, actor, 'searchGroupMembers');
  const query = parseInput(SearchQuerySchema, rawQuery);
  const term = query.query.toLowerCase();
  const found = visibleMembers(sandbox, group, actor).filter((r) =>
    (sandbox.users.get(r.userId)?.displayName ?? '').toLowerCase().includes(term),
  );
  return { results: page(found, query).map((record) => groupMemberView(sandbox, record, actor.id)), total: found.length };
}

export function getGroupMember(sandbox: Sandbox, actor: UserRecord, groupId: string, userId: string): GroupMember {
  const group = findGroup(sandbox, groupId, 'getGroupMember');
  requireGroupAccess(sandbox, group, actor, 'getGroupMember');
  const record = visibleMembers(sandbox, group, actor).find((r) => r.userId === userId);
  if (!record) throw new ApiError(404, messages.groupMemberNotFound);
  return groupMemberView(sandbox, record, actor.id);
}

const BansQuerySchema = lazy(() => z.object(pageParams()));

export function listGroupBans(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): GroupMember[] {
  const group = findGroup(sandbox, groupId, 'getGroupBans');
  requireGroupAccess(sandbox, group, actor, 'getGroupBans');
  const query = parseInput(BansQuerySchema, rawQuery);
  const banned = [...(sandbox.groupMembersByGroup.get(group.id)?.values() ?? [])].filter((r) => r.membershipStatus === 'banned');
  return page(banned, query).map((record) => groupMemberView(sandbox, record, actor.id));
}

const BanSchema = lazy(() => z.object({ userId: z.string() }));

/**
 * Bans a user, member or not: a member leaves (roles and all) and is told so. Nobody bans the owner
 * or a member standing at or above them.
 */
export function banGroupMember(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): GroupMember {
  const group = findGroup(sandbox, groupId, 'banGroupMember');
  requireGroupAccess(sandbox, group, actor, 'banGroupMember');
  const { userId } = parseInput(BanSchema, body);
  const user = sandbox.users.get(userId);
  if (!user) throw new ApiError(404, messages.userNotFound(userId));
  const existing = findGroupMember(sandbox, group.id, userId);
  if (existing?.membershipStatus === 'banned') throw new ApiError(400, messages.groupAlreadyBanned);
  requireAbove(sandbox, group, actor, userId);
  const now = isoNow(sandbox.clock);
  const record =
    existing ?? GroupMemberRecordSchema.parse({ id: newId('gmem'), groupId: group.id, userId, membershipStatus: 'banned', createdAt: now });
  if (existing) removeMembership(sandbox, group, existing);
  Object.assign(record, { membershipStatus: 'banned', bannedAt: now, roleIds: [], mRoleIds: [], isRepresenting: false });
  putGroupMember(sandbox, record);
  audit(sandbox, group, actor, 'group.user.ban', userId, `${actor.displayName} banned ${user.displayName}.`);
  return groupMemberView(sandbox, record, actor.id);
}

/** Lifts a ban: the record goes, and the answer shows the user as no longer related to the group. */
export function unbanGroupMember(sandbox: Sandbox, actor: UserRecord, groupId: string, userId: string): GroupMember {
  const group = findGroup(sandbox, groupId, 'unbanGroupMember');
  requireGroupAccess(sandbox, group, actor, 'unbanGroupMember');
  const record = findGroupMember(sandbox, group.id, userId);
  if (record?.membershipStatus !== 'banned') throw new ApiError(404, messages.groupUserNotBanned);
  deleteGroupMember(sandbox, record);
  audit(
    sandbox,
    group,
    actor,
    'group.user.unban',
    userId,
    `${actor.displayName} unbanned ${sandbox.users.get(userId)?.displayName ?? userId}.`,
  );
  return groupMemberView(sandbox, { ...record, membershipStatus: 'inactive', bannedAt: null }, actor.id);
}
