import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { pageParams } from '../../schema/query.js';
import { PlayerModerationType, type ModerationReportRecord, type PlayerModerationRecord } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { guardGrowth } from '../../store/growth.js';

/** Whether `sourceId` has blocked `targetId`. */
export function isBlockedBy(sandbox: Sandbox, sourceId: string, targetId: string): boolean {
  if (sourceId === targetId) return false;
  for (const record of sandbox.playerModerations.values()) {
    if (record.type === 'block' && record.sourceUserId === sourceId && record.targetUserId === targetId) return true;
  }
  return false;
}

/** Either has blocked the other. */
export const blockedBetween = (sandbox: Sandbox, a: string, b: string) => isBlockedBy(sandbox, a, b) || isBlockedBy(sandbox, b, a);

export function playerModerationView(sandbox: Sandbox, record: PlayerModerationRecord) {
  const name = (id: string) => sandbox.users.get(id)?.displayName || id;
  return {
    id: record.id,
    type: record.type,
    sourceUserId: record.sourceUserId,
    sourceDisplayName: name(record.sourceUserId),
    targetUserId: record.targetUserId,
    targetDisplayName: name(record.targetUserId),
    created: record.created,
  };
}

const ModerateSchema = lazy(() => z.strictObject({ moderated: idOf('usr'), type: PlayerModerationType }));

/** Opposite kinds replace each other: a mute undoes an unmute and the other way round. */
const OPPOSITE: Partial<Record<PlayerModerationRecord['type'], PlayerModerationRecord['type']>> = {
  mute: 'unmute',
  unmute: 'mute',
  muteChat: 'unmuteChat',
  unmuteChat: 'muteChat',
  hideAvatar: 'showAvatar',
  showAvatar: 'hideAvatar',
  interactOff: 'interactOn',
  interactOn: 'interactOff',
};

/** Records a moderation of another user; the same kind twice is the one record. */
export function moderateUser(sandbox: Sandbox, actor: UserRecord, body: unknown): PlayerModerationRecord {
  const request = parseInput(ModerateSchema, body);
  const target = sandbox.users.get(request.moderated);
  if (!target) throw new ApiError(404, messages.userDoesntExist);
  const opposite = OPPOSITE[request.type];
  for (const [id, record] of sandbox.playerModerations) {
    if (record.sourceUserId !== actor.id || record.targetUserId !== target.id) continue;
    if (record.type === request.type) return record;
    if (record.type === opposite) sandbox.playerModerations.delete(id);
  }
  const record: PlayerModerationRecord = {
    id: newId('pmod'),
    type: request.type,
    sourceUserId: actor.id,
    targetUserId: target.id,
    created: isoNow(sandbox.clock),
  };
  sandbox.playerModerations.set(record.id, record);
  return record;
}

/** Removes the requester's moderations of that kind of that user; the message says which. */
export function unmoderateUser(sandbox: Sandbox, actor: UserRecord, body: unknown): string {
  const request = parseInput(ModerateSchema, body);
  for (const [id, record] of sandbox.playerModerations) {
    if (record.sourceUserId === actor.id && record.targetUserId === request.moderated && record.type === request.type) {
      sandbox.playerModerations.delete(id);
    }
  }
  return `PlayerModerations of type ${request.type} removed`;
}

export function listPlayerModerations(sandbox: Sandbox, actor: UserRecord, query: Record<string, string>): PlayerModerationRecord[] {
  const type = query.type === undefined ? undefined : parseInput(z.object({ type: PlayerModerationType }), query).type;
  return [...sandbox.playerModerations.values()].filter(
    (r) =>
      r.sourceUserId === actor.id &&
      (type === undefined || r.type === type) &&
      (query.targetUserId === undefined || r.targetUserId === query.targetUserId),
  );
}

export function clearPlayerModerations(sandbox: Sandbox, actor: UserRecord): void {
  for (const [id, record] of sandbox.playerModerations) if (record.sourceUserId === actor.id) sandbox.playerModerations.delete(id);
}

const AvatarModerationSchema = lazy(() => z.object({ targetAvatarId: idOf('avtr'), avatarModerationType: z.enum(['block']) }));

export function listAvatarModerations(sandbox: Sandbox, actor: UserRecord) {
  return [...sandbox.avatarModerations.values()]
    .filter((r) => r.userId === actor.id)
    .map(({ avatarModerationType, created, targetAvatarId }) => ({ avatarModerationType, created, targetAvatarId }));
}

/** Blocks an avatar for the requester; answered with `created` in epoch ms, as the real API does. */
export function createAvatarModeration(sandbox: Sandbox, actor: UserRecord, body: unknown) {
  const request = parseInput(AvatarModerationSchema, body);
  if (!sandbox.avatars.get(request.targetAvatarId)) throw new ApiError(404, messages.avatarNotFound);
  const key = `${actor.id}/${request.targetAvatarId}`;
  const created = sandbox.clock.now();
  const record = sandbox.avatarModerations.get(key) ?? { userId: actor.id, ...request, created: new Date(created).toISOString() };
  sandbox.avatarModerations.set(key, record);
  return { avatarModerationType: record.avatarModerationType, targetAvatarId: record.targetAvatarId, created: Date.parse(record.created) };
}

export function deleteAvatarModeration(sandbox: Sandbox, actor: UserRecord, query: Record<string, string>) {
  const request = parseInput(AvatarModerationSchema, query);
  sandbox.avatarModerations.delete(`${actor.id}/${request.targetAvatarId}`);
  return { OK: 'Avatar moderation removed' };
}

const ReportSchema = lazy(() =>
  z.object({
    type: z.string().min(1),
    category: z.string().min(1),
    reason: z.string().min(1),
    contentId: z.string().min(1),
    description: z.string().default(''),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
);

export function moderationReportView(sandbox: Sandbox, record: ModerationReportRecord) {
  const { id, type, category, reason, contentId, description } = record;
  const contentName =
    sandbox.users.get(contentId)?.displayName ?? sandbox.groups.get(contentId)?.name ?? sandbox.worlds.get(contentId)?.name ?? contentId;
  return {
    id,
    type,
    category,
    reason,
    contentId,
    description,
    contentName,
    contentThumbnailImageUrl: null,
    evidenceRequired: false,
    supportRequired: false,
  };
}

export function submitModerationReport(sandbox: Sandbox, actor: UserRecord, body: unknown): ModerationReportRecord {
  const request = parseInput(ReportSchema, body);
  guardGrowth(sandbox, 'moderationReports', actor.id);
  const record: ModerationReportRecord = {
    id: newId('modr'),
    type: request.type,
    category: request.category,
    reason: request.reason,
    contentId: request.contentId,
    description: request.description,
    reportingUserId: actor.id,
    status: 'pending',
    created_at: isoNow(sandbox.clock),
  };
  sandbox.moderationReports.set(record.id, record);
  return record;
}

const ReportListSchema = lazy(() =>
  z.object({
    ...pageParams(),
    moderationReportingUserId: z.string().optional(),
    moderationReportStatus: z.string().optional(),
    moderationReportType: z.string().optional(),
  }),
);

/** The requester's own reports; an admin may list anyone's (another's without admin is 403). */
export function listModerationReports(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const q = parseInput(ReportListSchema, query);
  const reporter = q.moderationReportingUserId ?? actor.id;
  if (reporter !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.invalidAdminCredentials);
  const all = [...sandbox.moderationReports.values()].filter(
    (r) =>
      r.reportingUserId === reporter &&
      (q.moderationReportStatus === undefined || r.status === q.moderationReportStatus) &&
      (q.moderationReportType === undefined || r.type === q.moderationReportType),
  );
  const results = all.slice(q.offset, q.offset + q.n).map((r) => moderationReportView(sandbox, r));
  return { results, totalCount: all.length, hasNext: q.offset + q.n < all.length };
}

export function deleteModerationReport(sandbox: Sandbox, actor: UserRecord, reportId: string) {
  const record = sandbox.moderationReports.get(reportId);
  if (!record || (record.reportingUserId !== actor.id && !actor.isAdmin)) throw new ApiError(403, messages.invalidAdminCredentials);
  sandbox.moderationReports.delete(reportId);
  return { success: true };
}
