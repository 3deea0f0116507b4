import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { queryInt } from '../../schema/query.js';
import type { NotificationV2Record } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';
import { parseInput } from '../../http/validation.js';

const ListSchema = lazy(() => z.object({ limit: queryInt(1, 100).default(60), offset: queryInt(0).default(0) }));

/** The requester's v2 notifications, newest first. */
export function listNotificationsV2(world: World, actor: UserRecord, query: unknown): NotificationV2Record[] {
  const q = parseInput(ListSchema, query);
  return [...world.notificationsV2.values()]
    .filter((n) => n.receiverUserId === actor.id)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(q.offset, q.offset + q.limit);
}

export function findNotificationV2(world: World, actor: UserRecord, id: string): NotificationV2Record {
  const record = world.notificationsV2.get(id);
  if (!record || record.receiverUserId !== actor.id) throw new ApiError(404, messages.notificationNotFound);
  return record;
}

function touched(world: World, record: NotificationV2Record): NotificationV2Record {
  record.updatedAt = isoNow(world.clock);
  world.pipeline.emit({
    type: 'notification-v2-update',
    to: [record.receiverUserId],
    content: { id: record.id, version: record.version, updates: { seen: record.seen, updatedAt: record.updatedAt } },
  });
  return record;
}

export function seeNotificationV2(world: World, actor: UserRecord, id: string): NotificationV2Record {
  const record = findNotificationV2(world, actor, id);
  record.seen = true;
  return touched(world, record);
}

const ReplySchema = lazy(() => z.object({ responseType: z.string().min(1).optional(), responseData: z.string().optional() }).passthrough());
/** RespondNotificationV2Request names the response chosen. */
const RespondSchema = lazy(() => z.object({ responseType: z.string().min(1), responseData: z.string().optional() }).passthrough());

/** Replying or responding works on notifications that offer responses; either marks it seen. */
export function answerNotificationV2(
  world: World,
  actor: UserRecord,
  id: string,
  body: unknown,
  kind: 'reply' | 'respond',
): NotificationV2Record {
  const request = parseInput(kind === 'respond' ? RespondSchema : ReplySchema, body);
  const record = findNotificationV2(world, actor, id);
  const offered = record.responses.some((r) => request.responseType === undefined || r.type === request.responseType);
  if (!offered) throw new ApiError(400, kind === 'reply' ? messages.notificationCannotReply : messages.notificationCannotRespond);
  record.seen = true;
  return touched(world, record);
}

export function deleteNotificationV2(world: World, actor: UserRecord, id: string): void {
  const record = findNotificationV2(world, actor, id);
  if (!record.canDelete) throw new ApiError(400, messages.notificationCannotReply);
  world.notificationsV2.delete(id);
  world.pipeline.emit({ type: 'notification-v2-delete', to: [actor.id], content: { ids: [id], version: record.version } });
}

export function clearNotificationsV2(world: World, actor: UserRecord): void {
  const ids: string[] = [];
  for (const [id, record] of world.notificationsV2) {
    if (record.receiverUserId === actor.id && record.canDelete) {
      world.notificationsV2.delete(id);
      ids.push(id);
    }
  }
  if (ids.length) world.pipeline.emit({ type: 'notification-v2-delete', to: [actor.id], content: { ids, version: 2 } });
}

/** The NotificationV2 as answered: `details` (the description types it as a boop's) only when it has some. */
export function notificationV2View(record: NotificationV2Record) {
  if (Object.keys(record.details).length > 0) return record;
  const { details: _details, ...rest } = record;
  return rest;
}
