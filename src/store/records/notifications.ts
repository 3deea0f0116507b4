import * as z from 'zod';
import { flag, idOf, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

export const NotificationType = lazy(() =>
  z.enum(['boop', 'friendRequest', 'invite', 'inviteResponse', 'message', 'requestInvite', 'requestInviteResponse', 'votetokick']),
);
export type NotificationType = z.infer<typeof NotificationType>;

/** `not_` ids, or `frq_` for friend requests. */
export const NotificationId = lazy(() => z.string().regex(/^(not|frq)_[0-9a-fA-F-]{36}$/, 'must be a not_ or frq_ id'));

/** A Notification as its receiver reads it over REST (no receiverUserId, as the real API). */
export const NotificationSchema = lazy(() =>
  z.object({
    id: NotificationId,
    type: NotificationType.default('message'),
    created_at: timestamp(),
    /** A JSON-encoded object, not an object: the REST API serializes it. */
    details: z.string().default('{}'),
    message: text(),
    seen: flag(),
    senderUserId: idOf('usr'),
  }),
);
export type Notification = z.infer<typeof NotificationSchema>;

/** What the sandbox stores: the notification plus its receiver and whether they hid it. */
export const NotificationRecordSchema = lazy(() =>
  NotificationSchema.extend({
    receiverUserId: idOf('usr'),
    hidden: flag(),
  }),
);
export type NotificationRecord = z.infer<typeof NotificationRecordSchema>;
