import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { GroupTransferable } from '../../store/records/group-extras.js';
import type { GroupRecord } from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { audit } from './audit.js';
import { findGroup, isOwnerRole, memberRecord, requireGroupAccess } from './access.js';
import { notifyUser } from './events.js';
import { GROUP_LIMITS, ownedGroups } from './lifecycle.js';

const TransferQuerySchema = lazy(() => z.object({ transferTargetId: z.string().optional() }));

function transferability(sandbox: Sandbox, group: GroupRecord, targetId: string | undefined): GroupTransferable {
  const target = targetId === undefined ? undefined : sandbox.users.get(targetId);
  return {
    requirements: {
      groupNotMonetized: group.storeId === null,
      hasVRCPlus: target?.tags.includes('system_supporter') ?? false,
      hasVerifiedEmail: target?.emailVerified ?? false,
      targetCanOwnMoreGroups: target !== undefined && ownedGroups(sandbox, target.id) < GROUP_LIMITS.owned,
      targetIsGroupMember: target !== undefined && target.id !== group.ownerId && memberRecord(sandbox, group.id, target.id) !== undefined,
    },
  };
}

export function getTransferability(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): GroupTransferable {
  const group = findGroup(sandbox, groupId, 'getGroupTransferability');
  requireGroupAccess(sandbox, group, actor, 'getGroupTransferability');
  return transferability(sandbox, group, parseInput(TransferQuerySchema, rawQuery).transferTargetId);
}

const TransferRequestSchema = lazy(() => z.object({ transferTargetId: z.string().optional() }));

/**
 * The owner names a member who meets the requirements (verified email, room to own one more group,
 * membership, an unmonetized group); that member then accepts by the same call and becomes owner.
 */
export function transferGroup(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): string {
  const group = findGroup(sandbox, groupId, 'initiateOrAcceptGroupTransfer');
  const request = parseInput(TransferRequestSchema, body);
  if (group.transferTargetId === actor.id && group.ownerId !== actor.id) {
    // The offer checked the limit; groups made since must not carry the new owner past it.
    if (ownedGroups(sandbox, actor.id) >= GROUP_LIMITS.owned) throw new ApiError(403, messages.groupOwnLimit(GROUP_LIMITS.owned));
    const ownerRole = group.roles.find(isOwnerRole);
    const previous = memberRecord(sandbox, group.id, group.ownerId);
    const next = memberRecord(sandbox, group.id, actor.id)!;
    if (ownerRole) {
      if (previous) previous.roleIds = previous.roleIds.filter((id) => id !== ownerRole.id);
      next.roleIds = [...next.roleIds.filter((id) => id !== ownerRole.id), ownerRole.id];
    }
    const previousOwnerId = group.ownerId;
    group.ownerId = actor.id;
    group.transferTargetId = null;
    group.updatedAt = isoNow(sandbox.clock);
    audit(sandbox, group, actor, 'group.transfer.accept', actor.id, `${actor.displayName} accepted ownership.`, { previousOwnerId });
    return messages.groupTransferCompleted;
  }
  requireGroupAccess(sandbox, group, actor, 'initiateOrAcceptGroupTransfer');
  const { requirements } = transferability(sandbox, group, request.transferTargetId);
  if (
    !requirements.targetIsGroupMember ||
    !requirements.targetCanOwnMoreGroups ||
    !requirements.hasVerifiedEmail ||
    !requirements.groupNotMonetized
  ) {
    throw new ApiError(403, messages.groupCannotTransfer);
  }
  group.transferTargetId = request.transferTargetId!;
  audit(sandbox, group, actor, 'group.transfer.start', group.transferTargetId, `${actor.displayName} offered ownership.`);
  notifyUser(sandbox, group.transferTargetId, actor, `${actor.displayName} wants to transfer ${group.name} to you.`, {
    groupId: group.id,
    kind: 'group.transfer',
  });
  return messages.groupTransferStarted;
}

export function cancelTransfer(sandbox: Sandbox, actor: UserRecord, groupId: string): string {
  const group = findGroup(sandbox, groupId, 'cancelGroupTransfer');
  requireGroupAccess(sandbox, group, actor, 'cancelGroupTransfer');
  if (group.transferTargetId === null) throw new ApiError(400, messages.groupNoTransfer);
  const targetId = group.transferTargetId;
  group.transferTargetId = null;
  audit(sandbox, group, actor, 'group.transfer.cancel', targetId, `${actor.displayName} cancelled the transfer.`);
  return messages.groupTransferCancelled;
}
