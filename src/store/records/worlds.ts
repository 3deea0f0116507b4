import * as z from 'zod';
import { count, flag, idOf, strings, text, timestamp } from '../../schema/common.js';
import { unityPackages } from './unity-package.js';
import { lazy } from '../../schema/lazy.js';

export const WorldReleaseStatus = lazy(() => z.enum(['public', 'private', 'hidden']));

/** Which kinds of user content an instance (or, as defaults, a world) permits; all on unless stated. */
export const ContentSettingsSchema = lazy(() =>
  z.object({
    drones: flag(true),
    emoji: flag(true),
    pedestals: flag(true),
    prints: flag(true),
    props: flag(true),
    stickers: flag(true),
  }),
);
export type ContentSettings = z.infer<typeof ContentSettingsSchema>;
export const allContentAllowed = (): ContentSettings => ({
  drones: true,
  emoji: true,
  pedestals: true,
  prints: true,
  props: true,
  stickers: true,
});
export const contentSettings = () => ContentSettingsSchema.default(allContentAllowed);

/** What the sandbox stores of a World: every field of section 2 except those counted from its instances. */
export const WorldRecordSchema = lazy(() =>
  z.object({
    id: idOf('wrld'),
    authorId: idOf('usr'),
    authorName: z.string().min(1),
    name: z.string().min(1),
    description: text(),
    imageUrl: z.string().min(1).default('https://assets.example.test/worlds/image.png'),
    thumbnailImageUrl: z.string().min(1).default('https://assets.example.test/worlds/thumbnail.png'),
    labsPublicationDate: z.string().min(1).default('none'),
    publicationDate: z.string().min(1).default('none'),
    namespace: text(),
    organization: z.string().min(1).default('vrchat'),
    previewYoutubeId: z.string().nullable().default(null),
    releaseStatus: WorldReleaseStatus.default('public'),
    capacity: z.number().int().min(1).default(32),
    recommendedCapacity: z.number().int().min(0).default(16),
    favorites: count(),
    heat: count(),
    popularity: count(),
    version: z.number().int().min(0).default(1),
    visits: count(),
    featured: flag(),
    isHypeTrainEligible: flag(),
    created_at: timestamp(),
    updated_at: timestamp(),
    defaultContentSettings: contentSettings(),
    disabledPropAbilities: strings(),
    tags: strings(),
    urlList: strings(),
    /** Left out (never null: the description's storeId is a string) when the world is in no store. */
    storeId: idOf('esto').optional(),
    udonProducts: z.array(idOf('prod')).default(() => []),
    unityPackages: unityPackages(),
  }),
);
export type WorldRecord = z.infer<typeof WorldRecordSchema>;

export const SlimInstanceSchema = lazy(() =>
  z.object({
    gameServerVersion: z.record(z.string(), z.unknown()),
    instanceId: z.string(),
    languageRatio: z.record(z.string(), z.unknown()),
    n_users: z.number().int().min(0),
  }),
);

/** The World every response carries: the stored fields plus what its live instances add up to. */
export const WorldSchema = lazy(() =>
  WorldRecordSchema.extend({
    occupants: z.number().int().min(0),
    privateOccupants: z.number().int().min(0),
    publicOccupants: z.number().int().min(0),
    /** [instance id, users in it, details] for each open instance. */
    instances: z.array(z.tuple([z.string(), z.number().int().min(0), z.record(z.string(), z.unknown())])),
    slimInstances: z.array(SlimInstanceSchema),
  }),
);
export type World = z.infer<typeof WorldSchema>;

/** Letters, digits and underscores, as the API's tags are written (`author_tag_game`, `content_horror`). */
export const TAG_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

export const ChangeWorldTagsRequestSchema = lazy(() => z.object({ tags: z.array(z.string()) }));
