import * as z from 'zod';
import { idOf, strings, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/** What the uploader of a piece of content agreed to (the description's Agreement), one per user, content and version. */
export const ContentAgreementRecordSchema = lazy(() =>
  z.object({
    id: idOf('agr'),
    userId: idOf('usr'),
    agreementCode: z.literal('content.copyright.owned').default('content.copyright.owned'),
    agreementFulltext: text(),
    contentId: z.string().min(1),
    version: z.number().int().min(1),
    tags: strings(),
    created: timestamp(),
  }),
);
export type ContentAgreementRecord = z.infer<typeof ContentAgreementRecordSchema>;

/** A review of an uploaded avatar (its `activeAssetReviewId`), with the notes its author leaves for the reviewers. */
export const AssetReviewRecordSchema = lazy(() =>
  z.object({
    id: idOf('arev'),
    contentId: z.string().min(1),
    authorId: idOf('usr'),
    reviewNotes: text(),
    updatedAt: timestamp(),
  }),
);
export type AssetReviewRecord = z.infer<typeof AssetReviewRecordSchema>;

/** A permission granted to `holderId` (the description's Permission); `ownerId` is the account that grants it. */
export const PermissionRecordSchema = lazy(() =>
  z.object({
    id: idOf('prms'),
    name: z.string().min(1),
    holderId: idOf('usr'),
    ownerId: idOf('usr'),
    displayName: z.string().optional(),
    description: z.string().optional(),
    type: z.string().optional(),
    data: z
      .object({
        badges: z.array(z.string()).optional(),
        max: z.number().int().optional(),
        maxFavoriteGroups: z.record(z.string(), z.number().int()).optional(),
        maxFavoritesPerGroup: z.record(z.string(), z.number().int()).optional(),
        tags: z.array(z.string().min(1)).optional(),
      })
      .optional(),
  }),
);
export type PermissionRecord = z.infer<typeof PermissionRecordSchema>;

/** A notice of the info push system (the description's InfoPush), picked by its tags. */
export const InfoPushRecordSchema = lazy(() =>
  z.object({
    id: z.string().min(1),
    hash: z.string().min(1),
    isEnabled: z.boolean().default(true),
    priority: z.number().int().default(0),
    releaseStatus: z.enum(['all', 'hidden', 'private', 'public']).default('public'),
    tags: strings(),
    data: z.record(z.string(), z.unknown()).default(() => ({})),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type InfoPushRecord = z.infer<typeof InfoPushRecordSchema>;
