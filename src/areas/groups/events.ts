import type { GroupMemberRecord, GroupRecord, GroupRole } from '../../store/records/groups.js';
import type { NotificationRecord } from '../../store/records/notifications.js';
import type { Sandbox } from '../../store/sandbox.js';
import type { UserRecord } from '../../store/records/user.js';
import { groupMemberView } from './views.js';
import { sendNotification } from '../notifications/public.js';

/** The users whose records say `member`, the owner included. */
export function memberIds(sandbox: Sandbox, group: GroupRecord): string[] {
  const ids = new Set<string>([group.ownerId]);
  for (const record of sandbox.groupMembersByGroup.get(group.id)?.values() ?? []) {
    if (record.membershipStatus === 'member') ids.add(record.userId);
  }
  return [...ids];
}

export const emitGroupJoined = (sandbox: Sandbox, groupId: string, userId: string) =>
  sandbox.pipeline.emit({ type: 'group-joined', to: [userId], content: { groupId } });

export const emitGroupLeft = (sandbox: Sandbox, groupId: string, userId: string) =>
  sandbox.pipeline.emit({ type: 'group-left', to: [userId], content: { groupId } });

export const emitMemberUpdated = (sandbox: Sandbox, member: GroupMemberRecord) =>
  sandbox.pipeline.emit({
    type: 'group-member-updated',
    to: [member.userId],
    content: { member: groupMemberView(sandbox, member, member.userId) },
  });

/** A changed role reaches every member, as their permissions may have changed with it. */
export const emitRoleUpdated = (sandbox: Sandbox, group: GroupRecord, role: GroupRole) =>
  sandbox.pipeline.emit({ type: 'group-role-updated', to: memberIds(sandbox, group), content: { role } });

/**
 * A group's notice to one user: a v1 `message` notification whose details name the group, made and
 * pushed (as the `notification` event) the way every notification is.
 */
export function notifyUser(
  sandbox: Sandbox,
  receiverId: string,
  sender: UserRecord,
  message: string,
  details: Record<string, unknown>,
): NotificationRecord {
  return sendNotification(sandbox, { type: 'message', sender, receiverId, message, details }, true);
}
