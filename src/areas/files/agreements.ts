import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { queryInt } from '../../schema/query.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import type { ContentAgreementRecord } from '../../store/records/account-extras.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { guardGrowth } from '../../store/growth.js';

const AGREEMENT_CODE = 'content.copyright.owned';
const agreementCode = () => z.literal(AGREEMENT_CODE, `must be ${AGREEMENT_CODE}`);

// Every field is required, as the description's AgreementRequest has it.
const SubmitSchema = lazy(() =>
  z.object({
    agreementCode: agreementCode(),
    agreementFulltext: z.string(),
    contentId: z.string().min(1),
    version: z.number().int().min(1),
  }),
);

const StatusQuerySchema = lazy(() =>
  z.object({
    agreementCode: agreementCode(),
    contentId: z.string().min(1),
    version: queryInt(1),
  }),
);

function agreementOf(sandbox: Sandbox, userId: string, contentId: string, version: number): ContentAgreementRecord | undefined {
  for (const record of sandbox.contentAgreements.values()) {
    if (record.userId === userId && record.contentId === contentId && record.version === version) return record;
  }
  return undefined;
}

/** POST /agreement: the requester agrees for one piece of content and version; agreeing again answers the first agreement. */
export function submitAgreement(sandbox: Sandbox, actor: UserRecord, body: unknown): ContentAgreementRecord {
  const request = parseInput(SubmitSchema, body);
  const existing = agreementOf(sandbox, actor.id, request.contentId, request.version);
  if (existing) return existing;
  guardGrowth(sandbox, 'contentAgreements', actor.id);
  const record: ContentAgreementRecord = {
    id: newId('agr'),
    userId: actor.id,
    ...request,
    tags: [],
    created: isoNow(sandbox.clock),
  };
  sandbox.contentAgreements.set(record.id, record);
  return record;
}

/** GET /agreement: whether the requester agreed for that content and version. */
export function agreementStatus(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const q = parseInput(StatusQuerySchema, query);
  const agreed = agreementOf(sandbox, actor.id, q.contentId, q.version) !== undefined;
  return { agreed, agreementCode: q.agreementCode, contentId: q.contentId, userId: actor.id, version: q.version };
}

const ReviewNotesSchema = lazy(() => z.object({ reviewNotes: z.string() }));

/** PUT /assetReview/{assetReviewId}/notes: the author of the reviewed content leaves notes for the reviewers. */
export function updateAssetReviewNotes(sandbox: Sandbox, actor: UserRecord, assetReviewId: string, body: unknown): void {
  const { reviewNotes } = parseInput(ReviewNotesSchema, body);
  const review = sandbox.assetReviews.get(assetReviewId);
  if (!review) throw new ApiError(404, messages.assetReviewNotFound(assetReviewId));
  if (review.authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.assetReviewForbidden);
  review.reviewNotes = reviewNotes;
  review.updatedAt = isoNow(sandbox.clock);
}
