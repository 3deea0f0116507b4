import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import {
  GroupJoinState,
  GroupMemberRecordSchema,
  GroupUserVisibility,
  type Group,
  type GroupListItem,
  type GroupMember,
  type GroupMemberRecord,
} from '../../store/records/groups.js';
import type { UserRecord } from '../../store/records/user.js';
import { deleteGroupMember, findGroupMember, putGroupMember } from '../../store/indexes/group-members.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { hasGroupPermission } from './permissions.js';
import { belongs, findGroup, requireAbove, requireGroupAccess } from './access.js';
import { audit } from './audit.js';
import { emitMemberUpdated } from './events.js';
import { removeMembership } from './membership.js';
import { groupListItemView, groupMemberView, groupView } from './views.js';
import { lazy } from '../../schema/lazy.js';
import { queryBool } from '../../schema/query.js';

/** The roles are always included; the flag is checked so a bad value is a 400 rather than ignored. */
const GetGroupQuerySchema = lazy(() => z.object({ includeRoles: queryBool().optional() }));

export function getGroup(sandbox: Sandbox, actor: UserRecord, groupId: string, query: unknown = {}): Group {
  parseInput(GetGroupQuerySchema, query);
  return groupView(sandbox, findGroup(sandbox, groupId, 'getGroup'), actor.id);
}

const webUrl = () => z.url({ protocol: /^https?$/ });

/** The OpenAPI UpdateGroupRequest, plus the image URLs a client may set directly. Unknown fields are ignored. */
export const UpdateGroupRequestSchema = lazy(() =>
  z.object({
    name: z.string().trim().min(3).max(64).optional(),
    shortCode: z
      .string()
      .regex(/^[A-Za-z0-9]*$/, 'must contain only letters and digits')
      .min(3)
      .max(6)
      .optional(),
    description: z.string().max(250).optional(),
    rules: z.string().max(2000).nullable().optional(),
    joinState: GroupJoinState.optional(),
    languages: z.array(z.string().min(2).max(3)).max(3).optional(),
    links: z.array(webUrl()).max(3).optional(),
    tags: z.array(z.string().min(1).max(64)).max(20).optional(),
    bannerId: idOf('file').nullable().optional(),
    iconId: idOf('file').nullable().optional(),
    bannerUrl: webUrl().nullable().optional(),
    iconUrl: webUrl().nullable().optional(),
  }),
);

/** Owner or holders of group-data-manage change the group's own fields; the next read shows them. */
export function updateGroup(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): Group {
  const group = findGroup(sandbox, groupId, 'updateGroup');
  if (!hasGroupPermission(sandbox, group.id, actor.id, 'group-data-manage')) {
    throw new ApiError(403, messages.groupNoPermission);
  }
  const changes = parseInput(UpdateGroupRequestSchema, body);
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) (group as Record<string, unknown>)[field] = value;
  }
  group.updatedAt = isoNow(sandbox.clock);
  audit(sandbox, group, actor, 'group.update', group.id, `${actor.displayName} updated the group.`, { changes });
  return groupView(sandbox, group, actor.id);
}

export const UpdateGroupMemberRequestSchema = lazy(() =>
  z.object({
    visibility: GroupUserVisibility.optional(),
    isSubscribedToAnnouncements: z.boolean().optional(),
    isSubscribedToEventAnnouncements: z.boolean().optional(),
    managerNotes: z.string().max(1000).optional(),
  }),
);

/**
 * A member changes their own visibility and subscriptions; managerNotes, on anyone's record (their own
 * included), only a holder of group-members-manage. Another member's other fields are theirs alone.
 */
export function updateGroupMember(sandbox: Sandbox, actor: UserRecord, groupId: string, userId: string, body: unknown): GroupMember {
  const group = findGroup(sandbox, groupId, 'updateGroupMember');
  if (!belongs(sandbox, group, actor.id)) throw new ApiError(403, messages.groupNotMember);
  const target = findGroupMember(sandbox, group.id, userId);
  if (!target) throw new ApiError(404, messages.groupEntryNotFound);
  const changes = parseInput(UpdateGroupMemberRequestSchema, body);
  const { managerNotes, ...own } = changes;
  const touchesOwn = Object.values(own).some((value) => value !== undefined);
  const managesMembers = hasGroupPermission(sandbox, group.id, actor.id, 'group-members-manage');
  if ((touchesOwn && userId !== actor.id) || (managerNotes !== undefined && !managesMembers)) {
    throw new ApiError(403, messages.groupNoPermission);
  }
  Object.assign(target, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
  emitMemberUpdated(sandbox, target);
  if (userId !== actor.id) {
    const name = sandbox.users.get(userId)?.displayName ?? userId;
    audit(sandbox, group, actor, 'group.member.user.update', userId, `${actor.displayName} updated ${name}'s member record.`);
  }
  return groupMemberView(sandbox, target, actor.id);
}

/** Blocking turns an invite or request into a block; members must leave first, banned users cannot. */
export function blockGroup(sandbox: Sandbox, actor: UserRecord, groupId: string): string {
  const group = findGroup(sandbox, groupId, 'blockGroup');
  const existing = findGroupMember(sandbox, group.id, actor.id);
  if (belongs(sandbox, group, actor.id)) throw new ApiError(403, messages.groupLeaveBeforeBlocking);
  if (existing?.membershipStatus === 'banned' || existing?.membershipStatus === 'userblocked') {
    throw new ApiError(400, messages.groupAlreadyBanned);
  }
  const now = isoNow(sandbox.clock);
  if (existing) {
    existing.membershipStatus = 'userblocked';
    existing.roleIds = [];
    existing.mRoleIds = [];
  } else {
    putGroupMember(sandbox, newMemberRecord(group.id, actor.id, now));
  }
  return messages.groupBlocked;
}

function newMemberRecord(groupId: string, userId: string, now: string): GroupMemberRecord {
  return GroupMemberRecordSchema.parse({
    id: newId('gmem'),
    groupId,
    userId,
    membershipStatus: 'userblocked',
    createdAt: now,
  });
}

/**
 * DELETE /groups/{groupId}/members/{userId}. On oneself: lifts one's block of the group, or leaves it
 * (the owner cannot). On another member: a kick, for holders of group-members-remove, on a member
 * standing below the kicker.
 */
export function removeGroupMember(sandbox: Sandbox, actor: UserRecord, groupId: string, userId: string): string {
  const group = findGroup(sandbox, groupId, 'kickGroupMember');
  const target = findGroupMember(sandbox, group.id, userId);
  if (userId === actor.id) {
    if (target?.membershipStatus === 'userblocked') {
      deleteGroupMember(sandbox, target);
      return messages.groupMemberDeleted;
    }
    if (group.ownerId === actor.id) throw new ApiError(400, messages.groupOwnerCannotLeave);
  } else {
    if (!belongs(sandbox, group, actor.id)) throw new ApiError(403, messages.groupNotMember);
    requireGroupAccess(sandbox, group, actor, 'kickGroupMember');
    if (userId === group.ownerId) throw new ApiError(403, messages.groupNoPermission);
  }
  if (target?.membershipStatus !== 'member') {
    if (userId === actor.id) throw new ApiError(403, messages.groupNotMember);
    throw new ApiError(404, messages.groupMemberNotFound);
  }
  if (userId !== actor.id) requireAbove(sandbox, group, actor, userId);
  deleteGroupMember(sandbox, target);
  removeMembership(sandbox, group, target);
  const name = sandbox.users.get(userId)?.displayName ?? userId;
  if (userId === actor.id) audit(sandbox, group, actor, 'group.member.leave', userId, `${name} left the group.`);
  else audit(sandbox, group, actor, 'group.member.remove', userId, `${actor.displayName} removed ${name}.`);
  return messages.groupMemberDeleted;
}

/**
 * The groups a user has requested to join or been invited to, in the order the records were made,
 * as that user sees them. Only the user themselves or an admin may list them.
 */
export function listUserGroups(sandbox: Sandbox, actor: UserRecord, userId: string, status: 'requested' | 'invited'): GroupListItem[] {
  if (userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.notAuthorized);
  if (!sandbox.users.has(userId)) throw new ApiError(404, messages.userNotFound(userId));
  const result: GroupListItem[] = [];
  for (const member of sandbox.groupMembersByUser.get(userId)?.values() ?? []) {
    const group = member.membershipStatus === status ? sandbox.groups.get(member.groupId) : undefined;
    if (group) result.push(groupListItemView(sandbox, group, userId));
  }
  return result;
}
