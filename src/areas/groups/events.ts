import type { GroupMemberRecord, GroupRecord, GroupRole } from '../../store/records/groups.js';
import type { NotificationRecord } from '../../store/records/notifications.js';
import type { World } from '../../store/world.js';
import type { UserRecord } from '../../store/records/user.js';
import { groupMemberView } from './views.js';
import { sendNotification } from '../notifications/public.js';

/** The users whose records say `member`, the owner included. */
export function memberIds(world: World, group: GroupRecord): string[] {
  const ids = new Set<string>([group.ownerId]);
  for (const record of world.groupMembersByGroup.get(group.id)?.values() ?? []) {
    if (record.membershipStatus === 'member') ids.add(record.userId);
  }
  return [...ids];
}

export const emitGroupJoined = (world: World, groupId: string, userId: string) =>
  world.pipeline.emit({ type: 'group-joined', to: [userId], content: { groupId } });

export const emitGroupLeft = (world: World, groupId: string, userId: string) =>
  world.pipeline.emit({ type: 'group-left', to: [userId], content: { groupId } });

export const emitMemberUpdated = (world: World, member: GroupMemberRecord) =>
  world.pipeline.emit({
    type: 'group-member-updated',
    to: [member.userId],
    content: { member: groupMemberView(world, member, member.userId) },
  });

/** A changed role reaches every member, as their permissions may have changed with it. */
export const emitRoleUpdated = (world: World, group: GroupRecord, role: GroupRole) =>
  world.pipeline.emit({ type: 'group-role-updated', to: memberIds(world, group), content: { role } });

/**
 * A group's notice to one user: a v1 `message` notification whose details name the group, made and
 * pushed (as the `notification` event) the way every notification is.
 */
export function notifyUser(
  world: World,
  receiverId: string,
  sender: UserRecord,
  message: string,
  details: Record<string, unknown>,
): NotificationRecord {
  return sendNotification(world, { type: 'message', sender, receiverId, message, details });
}
