import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import type { GroupAuditLogEntry } from '../../store/records/group-extras.js';
import type { GroupRecord } from '../../store/records/groups.js';
import { pageParams, queryList } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import { listIn } from '../../store/indexes/group-extras.js';
import type { Sandbox } from '../../store/sandbox.js';
import { lazy } from '../../schema/lazy.js';
import { parseInput } from '../../http/validation.js';
import { findGroup, requireGroupAccess } from './access.js';
import { LIMITS } from '../../limits.js';

/** Every event type the audit log writes, as GET /groups/{groupId}/auditLogTypes lists them. */
export const GROUP_AUDIT_LOG_TYPES = [
  'group.create',
  'group.update',
  'group.transfer.start',
  'group.transfer.accept',
  'group.transfer.cancel',
  'group.member.join',
  'group.member.leave',
  'group.member.remove',
  'group.member.role.assign',
  'group.member.role.unassign',
  'group.member.user.update',
  'group.request.create',
  'group.request.reject',
  'group.request.block',
  'group.invite.create',
  'group.invite.cancel',
  'group.user.ban',
  'group.user.unban',
  'group.role.create',
  'group.role.update',
  'group.role.delete',
  'group.post.create',
  'group.post.update',
  'group.post.delete',
  'group.announcement.create',
  'group.announcement.delete',
  'group.gallery.create',
  'group.gallery.update',
  'group.gallery.delete',
  'group.gallery.image.submit',
  'group.gallery.image.remove',
  'group.event.create',
  'group.event.update',
  'group.event.delete',
] as const;
export type GroupAuditLogType = (typeof GROUP_AUDIT_LOG_TYPES)[number];

/** Writes one entry; called by every group action right after its change. Past LIMITS.groupAuditLogEntries the oldest goes. */
export function audit(
  sandbox: Sandbox,
  group: GroupRecord,
  actor: UserRecord,
  eventType: GroupAuditLogType,
  targetId: string,
  description: string,
  data: Record<string, unknown> = {},
): void {
  const log = listIn(sandbox.groupAuditLogs, group.id);
  if (log.length >= LIMITS.groupAuditLogEntries.value) log.splice(0, log.length - LIMITS.groupAuditLogEntries.value + 1);
  log.push({
    id: newId('gaud'),
    created_at: isoNow(sandbox.clock),
    groupId: group.id,
    actorId: actor.id,
    actorDisplayName: actor.displayName,
    targetId,
    eventType,
    description,
    data,
  });
}

export function listAuditLogTypes(sandbox: Sandbox, actor: UserRecord, groupId: string): readonly string[] {
  requireGroupAccess(sandbox, findGroup(sandbox, groupId, 'getGroupAuditLogEntryTypes'), actor, 'getGroupAuditLogEntryTypes');
  return GROUP_AUDIT_LOG_TYPES;
}

export const AuditLogQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    startDate: z.iso.datetime({ offset: true }).optional(),
    endDate: z.iso.datetime({ offset: true }).optional(),
    actorIds: queryList().optional(),
    eventTypes: queryList().optional(),
    targetIds: queryList().optional(),
  }),
);

/** The log, newest first, narrowed by time span, actors, event types and targets. */
export function listAuditLogs(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown) {
  const group = findGroup(sandbox, groupId, 'getGroupAuditLogs');
  requireGroupAccess(sandbox, group, actor, 'getGroupAuditLogs');
  const query = parseInput(AuditLogQuerySchema, rawQuery);
  const start = query.startDate === undefined ? -Infinity : Date.parse(query.startDate);
  const end = query.endDate === undefined ? Infinity : Date.parse(query.endDate);
  const matching = (sandbox.groupAuditLogs.get(group.id) ?? []).filter((entry: GroupAuditLogEntry) => {
    const at = Date.parse(entry.created_at);
    return (
      at >= start &&
      at <= end &&
      (!query.actorIds || query.actorIds.includes(entry.actorId)) &&
      (!query.eventTypes || query.eventTypes.includes(entry.eventType)) &&
      (!query.targetIds || query.targetIds.includes(entry.targetId))
    );
  });
  matching.reverse();
  const results = matching.slice(query.offset, query.offset + query.n);
  return { hasNext: query.offset + results.length < matching.length, results, totalCount: matching.length };
}
