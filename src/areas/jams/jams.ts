import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { idPattern, requireIdForm } from '../../schema/ids.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import type { JamRecord, JamSubmissionRecord } from '../../store/records/jams.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { guardGrowth } from '../../store/growth.js';

const ListSchema = lazy(() =>
  z.object({
    type: z.enum(['world', 'avatar']).optional(),
    isActive: z.enum(['true', 'false']).optional(),
  }),
);
const SubmissionQuerySchema = lazy(() => z.object({ contentId: z.string().optional(), submitterId: z.string().optional() }));
const SubmitSchema = lazy(() => z.object({ contentId: z.string().min(1), description: z.string() }));

const JAM_ID = idPattern('jam');

/** Open while the clock is between the jam's opening and closing of submissions; closed before and after. */
export function jamState(sandbox: Sandbox, jam: JamRecord): 'submissions_open' | 'closed' {
  const now = sandbox.clock.now();
  const { submissionsOpened, submissionsClosed } = jam.stateChangeDates;
  const opened = submissionsOpened !== null && Date.parse(submissionsOpened) <= now;
  const closed = submissionsClosed !== null && Date.parse(submissionsClosed) <= now;
  return opened && !closed ? 'submissions_open' : 'closed';
}

/** GET /jams: the visible jams, of one type and only running (or ended) ones when asked. */
export function listJams(sandbox: Sandbox, query: unknown): JamRecord[] {
  const { type, isActive } = parseInput(ListSchema, query);
  return [...sandbox.jams.values()].filter(
    (jam) =>
      jam.isVisible &&
      (type === undefined || jam.type === type) &&
      (isActive === undefined || (jamState(sandbox, jam) === 'submissions_open') === (isActive === 'true')),
  );
}

/** A visible jam; a hidden one is not found, like an unknown id: 404, or the `status` an operation answers instead. */
export function findJam(sandbox: Sandbox, jamId: string, status = 404): JamRecord {
  requireIdForm('id', jamId, JAM_ID, status);
  const jam = sandbox.jams.get(jamId);
  if (!jam?.isVisible) throw new ApiError(status, messages.jamNotFound);
  return jam;
}

export function listSubmissions(sandbox: Sandbox, jamId: string, query: unknown): JamSubmissionRecord[] {
  const jam = findJam(sandbox, jamId);
  const { contentId, submitterId } = parseInput(SubmissionQuerySchema, query);
  return [...sandbox.jamSubmissions.values()].filter(
    (s) =>
      s.jamId === jam.id &&
      (contentId === undefined || s.contentId === contentId) &&
      (submitterId === undefined || s.submitterId === submitterId),
  );
}

/** The author of the world or avatar `contentId` names, whichever the jam takes. */
function authorOf(sandbox: Sandbox, jam: JamRecord, contentId: string): string | undefined {
  return jam.type === 'world' ? sandbox.worlds.get(contentId)?.authorId : sandbox.avatars.get(contentId)?.authorId;
}

/**
 * POST /jams/{jamId}/submissions: the requester's own world or avatar, while submissions are open, once.
 * Submitting to a jam that is not there is 400, as live.
 */
export function submitToJam(sandbox: Sandbox, actor: UserRecord, jamId: string, body: unknown): JamSubmissionRecord {
  const request = parseInput(SubmitSchema, body);
  const jam = findJam(sandbox, jamId, 400);
  if (jamState(sandbox, jam) !== 'submissions_open') throw new ApiError(400, messages.jamSubmissionsClosed);
  if (authorOf(sandbox, jam, request.contentId) !== actor.id) throw new ApiError(400, messages.jamContentNotYours(jam.type));
  guardGrowth(sandbox, 'jamSubmissions', actor.id);
  for (const s of sandbox.jamSubmissions.values()) {
    if (s.jamId === jam.id && s.contentId === request.contentId) throw new ApiError(400, messages.jamContentAlreadySubmitted);
  }
  const submission: JamSubmissionRecord = {
    id: newId('jsub'),
    jamId: jam.id,
    submitterId: actor.id,
    contentId: request.contentId,
    description: request.description,
    ratingScore: 0,
    createdAt: isoNow(sandbox.clock),
  };
  sandbox.jamSubmissions.set(submission.id, submission);
  return submission;
}

/** DELETE /jams/{jamId}/submissions/{id}: the submitter (or an admin) withdraws it. */
export function withdrawSubmission(sandbox: Sandbox, actor: UserRecord, jamId: string, submissionId: string): void {
  const jam = findJam(sandbox, jamId);
  const submission = sandbox.jamSubmissions.get(submissionId);
  if (!submission || submission.jamId !== jam.id) throw new ApiError(404, messages.jamSubmissionNotFound);
  if (submission.submitterId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.jamNoPermission);
  sandbox.jamSubmissions.delete(submission.id);
}

export function jamView(sandbox: Sandbox, jam: JamRecord) {
  return {
    id: jam.id,
    type: jam.type,
    title: jam.title,
    description: jam.description,
    moreInfo: jam.moreInfo,
    isVisible: jam.isVisible,
    state: jamState(sandbox, jam),
    stateChangeDates: { ...jam.stateChangeDates },
    submissionContentGated: jam.submissionContentGated,
    submissionContentGateDate: jam.submissionContentGateDate,
    updated_at: jam.updatedAt,
  };
}

export function submissionView(submission: JamSubmissionRecord) {
  const { id, jamId, submitterId, contentId, description, ratingScore, createdAt } = submission;
  // The description names the score `ratingsScore` (1.20.8 also listed a `ratingScore`, which the newer dropped).
  return { id, jamId, submitterId, contentId, description, ratingsScore: ratingScore, created_at: createdAt };
}
