import * as z from 'zod';
import { idOf, strings, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/** One build of a prop for one platform. */
export const PropUnityPackageRecordSchema = lazy(() =>
  z.object({
    assetUrl: z.string(),
    assetVersion: z.number().int().min(0),
    platform: z.string(),
    propSignature: text(),
    unityVersion: z.string().min(1),
    variant: z.string().default('standard'),
  }),
);
export type PropUnityPackageRecord = z.infer<typeof PropUnityPackageRecordSchema>;

/** A prop its author made; `private` until they publish it. The author's name is read when shown. */
export const PropRecordSchema = lazy(() =>
  z.object({
    id: idOf('prop'),
    authorId: idOf('usr'),
    name: z.string(),
    description: text(),
    imageUrl: text(),
    tags: strings(),
    spawnType: z.number().int().min(0).default(1),
    worldPlacementMask: z.number().int().min(0).default(1),
    releaseStatus: z.enum(['public', 'private']).default('private'),
    maxCountPerUser: z.number().int().min(1).default(1),
    unityPackages: z.array(PropUnityPackageRecordSchema).default(() => []),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type PropRecord = z.infer<typeof PropRecordSchema>;
