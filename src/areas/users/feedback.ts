import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { ModerationReportRecord } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from './find-user.js';

const FeedbackQuerySchema = lazy(() => z.object({ ...pageParams(), contentId: z.string().optional() }));

/**
 * GET /users/{userId}/feedback: the reports the user submitted (POST /moderationReports), oldest first,
 * as Feedback. Like listing reports, another user's is for admins only.
 */
export function userFeedback(sandbox: Sandbox, actor: UserRecord, userId: string, query: unknown) {
  const user = findUser(sandbox, userId);
  if (user.id !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.invalidAdminCredentials);
  const q = parseInput(FeedbackQuerySchema, query);
  const reports = [...sandbox.moderationReports.values()].filter(
    (r) => r.reportingUserId === user.id && (q.contentId === undefined || r.contentId === q.contentId),
  );
  return reports.slice(q.offset, q.offset + q.n).map((r) => feedbackView(sandbox, user, r));
}

function feedbackView(sandbox: Sandbox, commenter: UserRecord, report: ModerationReportRecord) {
  const content = reportedContent(sandbox, report.contentId);
  return {
    id: `feedback_${report.id.slice('modr_'.length)}`,
    commenterId: commenter.id,
    commenterName: commenter.displayName,
    contentAuthorId: content.authorId,
    contentAuthorName: content.authorName,
    contentId: report.contentId,
    contentName: content.name,
    contentType: report.type,
    contentVersion: content.version,
    description: report.description || null,
    reason: report.reason,
    tags: [],
    type: report.category,
  };
}

function reportedContent(sandbox: Sandbox, contentId: string) {
  const user = sandbox.users.get(contentId);
  if (user) return { name: user.displayName, authorId: null, authorName: null, version: null };
  const target = sandbox.worlds.get(contentId) ?? sandbox.avatars.get(contentId);
  if (target) return { name: target.name, authorId: target.authorId, authorName: target.authorName, version: target.version };
  const group = sandbox.groups.get(contentId);
  return { name: group?.name ?? contentId, authorId: group?.ownerId ?? null, authorName: null, version: null };
}
