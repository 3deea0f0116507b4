import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { GroupMemberRecordSchema, type GroupMember, type GroupMemberRecord, type GroupRecord } from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { deleteGroupMember, findGroupMember, putGroupMember } from '../../store/indexes/group-members.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { groupMemberView } from './views.js';
import { audit } from './audit.js';
import { belongs, findGroup, page, requireGroupAccess } from './access.js';
import { emitGroupJoined, emitGroupLeft, notifyUser } from './events.js';
import { GROUP_LIMITS } from './lifecycle.js';

const JoinQuerySchema = lazy(() => z.object({ confirmOverrideBlock: queryBool().optional() }));

function newRecord(group: GroupRecord, userId: string, membershipStatus: GroupMemberRecord['membershipStatus'], now: string) {
  return GroupMemberRecordSchema.parse({ id: newId('gmem'), groupId: group.id, userId, membershipStatus, createdAt: now });
}

const joinedCount = (sandbox: Sandbox, userId: string) =>
  [...(sandbox.groupMembersByUser.get(userId)?.values() ?? [])].filter((m) => m.membershipStatus === 'member').length;

/**
 * Turns a record (an invite, a request, or a fresh one) into a membership: the roles added on join,
 * the counts, the audit entry and the `group-joined` event.
 */
function admit(sandbox: Sandbox, group: GroupRecord, record: GroupMemberRecord, actor: UserRecord, acceptedBy?: UserRecord) {
  if (joinedCount(sandbox, record.userId) >= GROUP_LIMITS.joined) throw new ApiError(403, messages.groupJoinLimit(GROUP_LIMITS.joined));
  const now = isoNow(sandbox.clock);
  record.membershipStatus = 'member';
  record.joinedAt = now;
  record.roleIds = group.roles.filter((role) => role.isAddedOnJoin && !role.defaultRole).map((role) => role.id);
  record.mRoleIds = [];
  record.acceptedById = acceptedBy?.id ?? null;
  record.acceptedByDisplayName = acceptedBy?.displayName ?? null;
  putGroupMember(sandbox, record);
  group.memberCount++;
  if (sandbox.users.get(record.userId)?.state === 'online') group.onlineMemberCount++;
  const user = sandbox.users.get(record.userId);
  audit(sandbox, group, actor, 'group.member.join', record.userId, `${user?.displayName ?? record.userId} joined the group.`, {
    acceptedById: record.acceptedById,
  });
  emitGroupJoined(sandbox, group.id, record.userId);
}

/** The member leaves the counts (and the online count when they are online). */
function dropCounts(sandbox: Sandbox, group: GroupRecord, userId: string) {
  group.memberCount = Math.max(0, group.memberCount - 1);
  if (sandbox.users.get(userId)?.state === 'online') group.onlineMemberCount = Math.max(0, group.onlineMemberCount - 1);
}

/**
 * POST /groups/{groupId}/join, by the group's joinState: `open` admits, `request` files a join
 * request, `invite` admits only with a pending invite, `closed` refuses. A pending invite admits
 * under any state. Banned users are refused; users who blocked the group must confirm lifting it.
 */
export function joinGroup(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): GroupMember {
  const group = findGroup(sandbox, groupId, 'joinGroup');
  const { confirmOverrideBlock } = parseInput(JoinQuerySchema, rawQuery);
  const existing = findGroupMember(sandbox, group.id, actor.id);
  if (belongs(sandbox, group, actor.id)) throw new ApiError(400, messages.groupAlreadyMember);
  if (existing?.membershipStatus === 'banned') throw new ApiError(403, messages.groupJoinBanned);
  if (existing?.membershipStatus === 'userblocked' && !confirmOverrideBlock) throw new ApiError(400, messages.groupJoinBlocked);
  if (existing?.membershipStatus === 'requested') throw new ApiError(400, messages.groupAlreadyRequested);
  const now = isoNow(sandbox.clock);
  if (existing?.membershipStatus === 'invited') {
    admit(sandbox, group, existing, actor);
    return groupMemberView(sandbox, existing, actor.id);
  }
  if (group.joinState === 'closed') throw new ApiError(403, messages.groupJoinClosed);
  if (group.joinState === 'invite') throw new ApiError(403, messages.groupJoinNeedsInvite);
  const record = newRecord(group, actor.id, group.joinState === 'open' ? 'member' : 'requested', now);
  if (group.joinState === 'request') {
    const blocked = sandbox.groupBlockedRequests.get(group.id);
    // A requester the group blocked is answered as any requester, but no manager ever sees it.
    if (blocked?.has(actor.id)) return groupMemberView(sandbox, { ...record, membershipStatus: 'requested' }, actor.id);
    putGroupMember(sandbox, record);
    audit(sandbox, group, actor, 'group.request.create', actor.id, `${actor.displayName} asked to join.`);
    return groupMemberView(sandbox, record, actor.id);
  }
  admit(sandbox, group, record, actor);
  return groupMemberView(sandbox, record, actor.id);
}

/** Leaving drops the member record, roles with it. The owner must transfer the group first. */
export function leaveGroup(sandbox: Sandbox, actor: UserRecord, groupId: string): string {
  const group = findGroup(sandbox, groupId, 'leaveGroup');
  if (group.ownerId === actor.id) throw new ApiError(403, messages.groupOwnerCannotLeave);
  const record = findGroupMember(sandbox, group.id, actor.id);
  if (record?.membershipStatus !== 'member') throw new ApiError(403, messages.groupNotMember);
  deleteGroupMember(sandbox, record);
  dropCounts(sandbox, group, actor.id);
  audit(sandbox, group, actor, 'group.member.leave', actor.id, `${actor.displayName} left the group.`);
  emitGroupLeft(sandbox, group.id, actor.id);
  return messages.groupLeft;
}

/** Shared by kick and ban: the member's record goes (or turns into a ban) and they are told they left. */
export function removeMembership(sandbox: Sandbox, group: GroupRecord, record: GroupMemberRecord) {
  if (record.membershipStatus === 'member') {
    dropCounts(sandbox, group, record.userId);
    emitGroupLeft(sandbox, group.id, record.userId);
  }
}

export function cancelGroupRequest(sandbox: Sandbox, actor: UserRecord, groupId: string): string {
  const group = findGroup(sandbox, groupId, 'cancelGroupRequest');
  const record = findGroupMember(sandbox, group.id, actor.id);
  if (record?.membershipStatus !== 'requested') throw new ApiError(400, messages.groupNoRequestToCancel);
  deleteGroupMember(sandbox, record);
  return messages.groupRequestCancelled;
}

const PageQuerySchema = lazy(() => z.object(pageParams()));

function listByStatus(
  sandbox: Sandbox,
  group: GroupRecord,
  actor: UserRecord,
  status: GroupMemberRecord['membershipStatus'],
  rawQuery: unknown,
) {
  const query = parseInput(PageQuerySchema, rawQuery);
  const records = [...(sandbox.groupMembersByGroup.get(group.id)?.values() ?? [])].filter((r) => r.membershipStatus === status);
  return page(records, query).map((record) => groupMemberView(sandbox, record, actor.id));
}

export function listGroupInvites(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): GroupMember[] {
  const group = findGroup(sandbox, groupId, 'getGroupInvites');
  requireGroupAccess(sandbox, group, actor, 'getGroupInvites');
  return listByStatus(sandbox, group, actor, 'invited', rawQuery);
}

const RequestsQuerySchema = lazy(() => z.object({ ...pageParams(), blocked: queryBool().optional() }));

/** Pending join requests; with `blocked=true` the requests that were rejected with `block`. */
export function listGroupRequests(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): GroupMember[] {
  const group = findGroup(sandbox, groupId, 'getGroupRequests');
  requireGroupAccess(sandbox, group, actor, 'getGroupRequests');
  const query = parseInput(RequestsQuerySchema, rawQuery);
  if (!query.blocked) return listByStatus(sandbox, group, actor, 'requested', rawQuery);
  const blocked = [...(sandbox.groupBlockedRequests.get(group.id)?.values() ?? [])];
  return page(blocked, query).map((record) => groupMemberView(sandbox, record, actor.id));
}

const CreateInviteSchema = lazy(() => z.object({ userId: z.string(), confirmOverrideBlock: z.boolean().optional() }));

/**
 * Invites a user: a member or an invited user is a 400, a banned user or one who blocked the group
 * a 403. A user who had asked to join is admitted at once. The invitee gets a notification.
 */
export function createGroupInvite(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): string {
  const group = findGroup(sandbox, groupId, 'createGroupInvite');
  requireGroupAccess(sandbox, group, actor, 'createGroupInvite');
  const { userId } = parseInput(CreateInviteSchema, body);
  const target = sandbox.users.get(userId);
  if (!target) throw new ApiError(404, messages.userNotFound(userId));
  const existing = findGroupMember(sandbox, group.id, userId);
  if (belongs(sandbox, group, userId)) throw new ApiError(400, messages.groupInviteAlreadyMember(target.displayName));
  if (existing?.membershipStatus === 'invited') throw new ApiError(400, messages.groupInviteAlreadyInvited(target.displayName));
  if (existing?.membershipStatus === 'banned' || existing?.membershipStatus === 'userblocked') {
    throw new ApiError(403, messages.groupInviteForbidden);
  }
  if (existing?.membershipStatus === 'requested') {
    admit(sandbox, group, existing, actor, actor);
    return messages.groupInviteSent;
  }
  putGroupMember(sandbox, newRecord(group, userId, 'invited', isoNow(sandbox.clock)));
  audit(sandbox, group, actor, 'group.invite.create', userId, `${actor.displayName} invited ${target.displayName}.`);
  notifyUser(sandbox, userId, actor, `${actor.displayName} invited you to join ${group.name}.`, {
    groupId: group.id,
    kind: 'group.invite',
  });
  return messages.groupInviteSent;
}

export function deleteGroupInvite(sandbox: Sandbox, actor: UserRecord, groupId: string, userId: string): string {
  const group = findGroup(sandbox, groupId, 'deleteGroupInvite');
  requireGroupAccess(sandbox, group, actor, 'deleteGroupInvite');
  const record = findGroupMember(sandbox, group.id, userId);
  if (record?.membershipStatus !== 'invited') throw new ApiError(400, messages.groupNotInvitedDelete);
  deleteGroupMember(sandbox, record);
  audit(sandbox, group, actor, 'group.invite.cancel', userId, `${actor.displayName} withdrew an invite.`);
  return messages.groupInviteDeleted;
}

const DeclineSchema = lazy(() => z.object({ block: z.boolean().optional() }));

/** The invitee declines; with `block` the group can no longer invite them. */
export function declineGroupInvite(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): string {
  const group = findGroup(sandbox, groupId, 'declineGroupInvite');
  const { block } = parseInput(DeclineSchema, body);
  const record = findGroupMember(sandbox, group.id, actor.id);
  if (record?.membershipStatus !== 'invited') throw new ApiError(400, messages.groupNotInvitedDecline);
  if (block) record.membershipStatus = 'userblocked';
  else deleteGroupMember(sandbox, record);
  return messages.groupInviteDeclined;
}

const RespondSchema = lazy(() => z.object({ action: z.enum(['accept', 'reject']), block: z.boolean().optional() }));

/** Accept admits the requester; reject drops the request, and with `block` hides their later ones. */
export function respondGroupJoinRequest(sandbox: Sandbox, actor: UserRecord, groupId: string, userId: string, body: unknown): string {
  const group = findGroup(sandbox, groupId, 'respondGroupJoinRequest');
  requireGroupAccess(sandbox, group, actor, 'respondGroupJoinRequest');
  const { action, block } = parseInput(RespondSchema, body);
  const record = findGroupMember(sandbox, group.id, userId);
  if (record?.membershipStatus !== 'requested') throw new ApiError(400, messages.groupNoJoinRequest);
  if (action === 'accept') {
    admit(sandbox, group, record, actor, actor);
    return messages.groupJoinRequestAnswered;
  }
  deleteGroupMember(sandbox, record);
  const name = sandbox.users.get(userId)?.displayName ?? userId;
  if (block) {
    let blocked = sandbox.groupBlockedRequests.get(group.id);
    if (!blocked) sandbox.groupBlockedRequests.set(group.id, (blocked = new Map()));
    blocked.set(userId, record);
    audit(sandbox, group, actor, 'group.request.block', userId, `${actor.displayName} blocked ${name}'s join requests.`);
  } else {
    audit(sandbox, group, actor, 'group.request.reject', userId, `${actor.displayName} rejected ${name}'s join request.`);
  }
  return messages.groupJoinRequestAnswered;
}
