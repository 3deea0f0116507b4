import { isoNow } from '../clock.js';
import type { GroupMemberRecord, GroupRecord, GroupRole } from '../schemas/groups.js';
import type { NotificationRecord } from '../schemas/notifications.js';
import { newId } from '../store/ids.js';
import { addNotification } from '../store/notification-index.js';
import type { World } from '../store/world.js';
import { groupMemberView } from './group-views.js';

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
 * A v1 notification in the shape the notification store keeps (a `message` whose details name the
 * group), then the `notification` event the socket would push (details as an object there).
 */
export function notifyUser(
  world: World,
  receiverUserId: string,
  senderUserId: string,
  message: string,
  details: Record<string, unknown>,
): NotificationRecord {
  const record: NotificationRecord = {
    id: newId('not'),
    type: 'message',
    created_at: isoNow(world.clock),
    details: JSON.stringify(details),
    message,
    seen: false,
    senderUserId,
    receiverUserId,
    hidden: false,
  };
  addNotification(world, record);
  const { receiverUserId: _receiver, hidden: _hidden, ...view } = record;
  world.pipeline.emit({ type: 'notification', to: [receiverUserId], content: { ...view, details } });
  return record;
}
