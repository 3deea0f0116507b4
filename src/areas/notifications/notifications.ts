import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { NotificationType, type Notification, type NotificationRecord } from '../../store/records/notifications.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import { addNotification, removeNotification } from '../../store/indexes/notifications.js';
import { guardGrowth } from '../../store/growth.js';

/** A notification as the REST API shows it to its receiver: no receiverUserId, no hidden flag. */
export function notificationView(record: NotificationRecord): Notification {
  const { id, type, created_at, details, message, seen, senderUserId } = record;
  return { id, type, created_at, details, message, seen, senderUserId };
}

/** One of the requester's notifications; another user's, or none, is not found. */
export function findOwnNotification(sandbox: Sandbox, actor: UserRecord, notificationId: string): NotificationRecord {
  const record = sandbox.notifications.get(notificationId);
  if (!record || record.receiverUserId !== actor.id) throw new ApiError(404, messages.notificationNotFound);
  return record;
}

export function seeNotification(sandbox: Sandbox, actor: UserRecord, notificationId: string): NotificationRecord {
  const record = findOwnNotification(sandbox, actor, notificationId);
  record.seen = true;
  sandbox.pipeline.emit({ type: 'see-notification', to: [actor.id], content: record.id });
  return record;
}

/** Hides a notification from the default list; `hidden=true` lists it again. */
export function hideNotification(sandbox: Sandbox, actor: UserRecord, notificationId: string): NotificationRecord {
  const record = findOwnNotification(sandbox, actor, notificationId);
  record.hidden = true;
  sandbox.pipeline.emit({ type: 'hide-notification', to: [actor.id], content: record.id });
  return record;
}

const dateTime = lazy(() => z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date-time'));

export const NotificationListQuerySchema = lazy(() =>
  z
    .object({
      ...pageParams(),
      type: z.enum(['all', ...NotificationType.options]).default('all'),
      sent: queryBool()
        .refine((sent) => !sent, 'must be false')
        .optional(),
      hidden: queryBool().default(false),
      after: dateTime.optional(),
    })
    .refine((q) => !q.hidden || q.type === 'friendRequest', {
      message: 'must be false unless type is friendRequest',
      path: ['hidden'],
    }),
);

/**
 * The requester's notifications, newest first: hidden or not hidden ones (`hidden`), of one `type`
 * or all, created after `after` (ignored for friend requests, as the real API does). Walks the
 * receiver's list from the newest and stops once the page is full.
 */
export function listNotifications(sandbox: Sandbox, actor: UserRecord, query: unknown): NotificationRecord[] {
  const q = parseInput(NotificationListQuerySchema, query);
  const all = sandbox.notificationsByReceiver.get(actor.id) ?? [];
  const after = q.after !== undefined && q.type !== 'friendRequest' ? Date.parse(q.after) : undefined;
  const page: NotificationRecord[] = [];
  let skipped = 0;
  for (let i = all.length - 1; i >= 0 && page.length < q.n; i--) {
    const record = all[i]!;
    if (after !== undefined && Date.parse(record.created_at) <= after) break;
    if (record.hidden !== q.hidden || (q.type !== 'all' && record.type !== q.type)) continue;
    if (skipped < q.offset) skipped++;
    else page.push(record);
  }
  return page;
}

export interface NewNotification {
  type: NotificationRecord['type'];
  sender: UserRecord;
  receiverId: string;
  message?: string;
  details?: Record<string, unknown>;
}

/**
 * The notification as its sender gets it back (SentNotification): details as an object, the receiver named. The
 * description closes those details (an invite's are its world and message), so a photo's `imageUrl` is left to the
 * receiver's notification, whose details are a string.
 */
export function sentNotificationView(record: NotificationRecord) {
  const { id, type, created_at, message, senderUserId, receiverUserId } = record;
  const { imageUrl: _photo, ...details } = JSON.parse(record.details) as Record<string, unknown>;
  return { id, type, created_at, details, message, senderUserId, receiverUserId };
}

/** The `notification` event: the Notification with details as an object, as the socket carries it. */
const socketView = (record: NotificationRecord) => ({
  ...notificationView(record),
  receiverUserId: record.receiverUserId,
  details: JSON.parse(record.details) as object,
});

/**
 * Creates a notification for its receiver, now, and tells their socket. One a user sends counts
 * against their GROWTH.notifications; a group's notice to each member (`fanOut`) is bounded by the
 * group's posts and members instead, so a post to a large group is not refused halfway.
 */
export function sendNotification(sandbox: Sandbox, input: NewNotification, fanOut = false): NotificationRecord {
  if (!fanOut) guardGrowth(sandbox, 'notifications', input.sender.id);
  const record: NotificationRecord = {
    id: newId(input.type === 'friendRequest' ? 'frq' : 'not'),
    type: input.type,
    created_at: isoNow(sandbox.clock),
    details: JSON.stringify(input.details ?? {}),
    message: input.message ?? '',
    seen: false,
    senderUserId: input.sender.id,
    receiverUserId: input.receiverId,
    hidden: false,
  };
  addNotification(sandbox, record);
  sandbox.pipeline.emit({ type: 'notification', to: [record.receiverUserId], content: socketView(record) });
  return record;
}

/** Takes a notification away from its receiver (accepted, withdrawn or answered). */
export function dropNotification(sandbox: Sandbox, record: NotificationRecord): void {
  removeNotification(sandbox, record);
}

/** Every notification of the requester goes; their socket gets clear-notification. */
export function clearNotifications(sandbox: Sandbox, actor: UserRecord): void {
  for (const record of [...(sandbox.notificationsByReceiver.get(actor.id) ?? [])]) removeNotification(sandbox, record);
  sandbox.pipeline.emit({ type: 'clear-notification', to: [actor.id] });
}
