import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { queryInt } from '../../schema/query.js';
import type { NotificationV2Record } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';

const ListSchema = lazy(() => z.object({ limit: queryInt(1, 100).default(60), offset: queryInt(0).default(0) }));

/** The requester's v2 notifications, newest first. */
export function listNotificationsV2(sandbox: Sandbox, actor: UserRecord, query: unknown): NotificationV2Record[] {
  const q = parseInput(ListSchema, query);
  return [...sandbox.notificationsV2.values()]
    .filter((n) => n.receiverUserId === actor.id)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(q.offset, q.offset + q.limit);
}

export function findNotificationV2(sandbox: Sandbox, actor: UserRecord, id: string): NotificationV2Record {
  const record = sandbox.notificationsV2.get(id);
  if (!record || record.receiverUserId !== actor.id) throw new ApiError(404, messages.notificationNotFound);
  return record;
}

/**
 * GET /notifications/{notificationId}: the live service answers it to admins only (403 for anyone else,
 * whatever the id; conformance: get-notification-v2-not-found, notification-lifecycle), as its newer
 * description says. An admin reads anyone's.
 */
export function readNotificationV2(sandbox: Sandbox, actor: UserRecord, id: string): NotificationV2Record {
  if (!actor.isAdmin) throw new ApiError(403, messages.invalidAdminCredentials);
  const record = sandbox.notificationsV2.get(id);
  if (!record) throw new ApiError(404, messages.notificationNotFound);
  return record;
}

function touched(sandbox: Sandbox, record: NotificationV2Record): NotificationV2Record {
  record.updatedAt = isoNow(sandbox.clock);
  sandbox.pipeline.emit({
    type: 'notification-v2-update',
    to: [record.receiverUserId],
    content: { id: record.id, version: record.version, updates: { seen: record.seen, updatedAt: record.updatedAt } },
  });
  return record;
}

export function seeNotificationV2(sandbox: Sandbox, actor: UserRecord, id: string): NotificationV2Record {
  const record = findNotificationV2(sandbox, actor, id);
  record.seen = true;
  return touched(sandbox, record);
}

const ReplySchema = lazy(() => z.object({ responseType: z.string().min(1).optional(), responseData: z.string().optional() }).passthrough());
/** RespondNotificationV2Request names the response chosen. */
const RespondSchema = lazy(() => z.object({ responseType: z.string().min(1), responseData: z.string().optional() }).passthrough());

/** Replying or responding works on notifications that offer responses; either marks it seen. */
export function answerNotificationV2(
  sandbox: Sandbox,
  actor: UserRecord,
  id: string,
  body: unknown,
  kind: 'reply' | 'respond',
): NotificationV2Record {
  const request = parseInput(kind === 'respond' ? RespondSchema : ReplySchema, body);
  const record = findNotificationV2(sandbox, actor, id);
  const offered = record.responses.some((r) => request.responseType === undefined || r.type === request.responseType);
  if (!offered) throw new ApiError(400, kind === 'reply' ? messages.notificationCannotReply : messages.notificationCannotRespond);
  record.seen = true;
  return touched(sandbox, record);
}

export function deleteNotificationV2(sandbox: Sandbox, actor: UserRecord, id: string): void {
  const record = findNotificationV2(sandbox, actor, id);
  if (!record.canDelete) throw new ApiError(400, messages.notificationCannotDelete);
  sandbox.notificationsV2.delete(id);
  sandbox.pipeline.emit({ type: 'notification-v2-delete', to: [actor.id], content: { ids: [id], version: record.version } });
}

export function clearNotificationsV2(sandbox: Sandbox, actor: UserRecord): void {
  const ids: string[] = [];
  for (const [id, record] of sandbox.notificationsV2) {
    if (record.receiverUserId === actor.id && record.canDelete) {
      sandbox.notificationsV2.delete(id);
      ids.push(id);
    }
  }
  if (ids.length) sandbox.pipeline.emit({ type: 'notification-v2-delete', to: [actor.id], content: { ids, version: 2 } });
}

/** The NotificationV2 as answered: `details` (the description types it as a boop's) only when it has some. */
export function notificationV2View(record: NotificationV2Record) {
  if (Object.keys(record.details).length > 0) return record;
  const { details: _details, ...rest } = record;
  return rest;
}
