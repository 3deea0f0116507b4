import * as z from 'zod';
import { flag, idOf, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

const moment = () => z.string().nullable().default(null);

/**
 * A world or avatar jam. Its state is read from these dates against the sandbox's clock, so a test moves
 * a jam from open to closed by moving time.
 */
export const JamRecordSchema = lazy(() =>
  z.object({
    id: idOf('jam'),
    type: z.enum(['world', 'avatar']),
    title: z.string().min(1),
    description: z.string().min(1),
    moreInfo: z.string().min(1),
    isVisible: flag(true),
    submissionContentGated: flag(),
    submissionContentGateDate: moment(),
    stateChangeDates: z.object({
      submissionsOpened: moment(),
      submissionsClosed: moment(),
      closed: moment(),
      winnersSelected: moment(),
    }),
    updatedAt: timestamp(),
  }),
);
export type JamRecord = z.infer<typeof JamRecordSchema>;

/** A world or avatar its submitter entered in a jam. */
export const JamSubmissionRecordSchema = lazy(() =>
  z.object({
    id: idOf('jsub'),
    jamId: idOf('jam'),
    submitterId: idOf('usr'),
    contentId: z.string().min(1),
    description: text(),
    ratingScore: z.number().int().min(0).default(0),
    createdAt: timestamp(),
  }),
);
export type JamSubmissionRecord = z.infer<typeof JamSubmissionRecordSchema>;
