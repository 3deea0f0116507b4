import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { ModerationReportRecord } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { guardGrowth } from '../../store/growth.js';

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
