import * as z from 'zod';
import { count, flag, idOf, object, strings, text, timestamp } from '../../schema/common.js';
import { UnityPackageSchema } from './unity-package.js';
import { lazy } from '../../schema/lazy.js';

/** What an avatar may be; `all` exists only as a list filter. */
export const AvatarReleaseStatus = lazy(() => z.enum(['public', 'private', 'hidden']));

const PerformanceSchema = lazy(() =>
  z.object({
    android: z.string().optional(),
    'android-sort': z.number().int().optional(),
    ios: z.string().optional(),
    'ios-sort': z.number().int().optional(),
    standalonewindows: z.string().optional(),
    'standalonewindows-sort': z.number().int().optional(),
  }),
);

const PublishedListingSchema = lazy(() =>
  z.object({
    description: z.string(),
    displayName: z.string(),
    imageId: z.string(),
    listingId: z.string(),
    listingType: z.string(),
    priceTokens: z.number().int(),
  }),
);

/** The Avatar every response carries; unityPackages is never left out (the vrchat SDK needs it). */
export const AvatarSchema = lazy(() =>
  z.object({
    id: idOf('avtr'),
    authorId: idOf('usr'),
    authorName: z.string().min(1),
    name: z.string().min(1),
    description: text(),
    acknowledgements: text(),
    activeAssetReviewId: text(),
    /** Responses leave it out when empty: the description's assetUrl has at least one character. */
    assetUrl: z.string().optional(),
    assetUrlObject: object(),
    imageUrl: z.string().default('https://assets.example.test/avatars/image.png'),
    thumbnailImageUrl: z.string().default('https://assets.example.test/avatars/thumbnail.png'),
    listingDate: z.string().nullable().default(null),
    productId: text(),
    releaseStatus: AvatarReleaseStatus.default('public'),
    unityPackageUrl: text(),
    unityPackageUrlObject: z.object({ unityPackageUrl: text() }).default(() => ({ unityPackageUrl: '' })),
    highestPrice: count(),
    lowestPrice: count(),
    version: z.number().int().min(0).default(1),
    featured: flag(),
    lock: flag(),
    pendingUpload: flag(),
    searchable: flag(true),
    created_at: timestamp(),
    updated_at: timestamp(),
    performance: PerformanceSchema.default(() => ({})),
    publishedListings: z.array(PublishedListingSchema).default(() => []),
    styles: z
      .object({ primary: z.string().nullable().default(null), secondary: z.string().nullable().default(null), supplementary: strings() })
      .default(() => ({ primary: null, secondary: null, supplementary: [] })),
    tags: strings(),
    unityPackages: z.array(UnityPackageSchema).min(1),
  }),
);
export type Avatar = z.infer<typeof AvatarSchema>;

/** What the sandbox stores: the avatar plus the moderation figures the report sorts order by. */
export const AvatarRecordSchema = lazy(() =>
  AvatarSchema.extend({
    reportCount: count(),
    reportScore: z.number().default(0),
  }),
);
export type AvatarRecord = z.infer<typeof AvatarRecordSchema>;

/** One user's favorite of one avatar; created_at is when they favorited it (the `order` sort). */
export const AvatarFavoriteRecordSchema = lazy(() =>
  z.object({
    userId: idOf('usr'),
    avatarId: idOf('avtr'),
    created_at: timestamp(),
  }),
);
export type AvatarFavoriteRecord = z.infer<typeof AvatarFavoriteRecordSchema>;
