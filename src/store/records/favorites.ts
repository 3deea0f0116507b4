import * as z from 'zod';
import { idOf, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

export const FAVORITE_TYPES = ['avatar', 'friend', 'vrcPlusWorld', 'world'] as const;
export type FavoriteType = (typeof FAVORITE_TYPES)[number];
export const FavoriteTypeSchema = lazy(() => z.enum(FAVORITE_TYPES));
export const FavoriteGroupVisibility = lazy(() => z.enum(['friends', 'private', 'public']));
export type FavoriteGroupVisibility = z.infer<typeof FavoriteGroupVisibility>;

/** The id of what a favorite points at: a user, avatar or world id. */
export const FAVORITE_TARGET = /^(usr|avtr|wrld)_[0-9a-fA-F-]{36}$/;

/**
 * One favorite of one user: what it points at (`favoriteId`), its kind and the favorite groups it is
 * in (`tags`, each a group name of its type). created_at orders the lists and the `order` sort.
 */
export const FavoriteRecordSchema = lazy(() =>
  z.object({
    id: idOf('fvrt'),
    userId: idOf('usr'),
    type: FavoriteTypeSchema,
    favoriteId: z.string().regex(FAVORITE_TARGET, 'must be a usr_, avtr_ or wrld_ id'),
    tags: z.array(z.string().min(1)).min(1),
    created_at: timestamp(),
  }),
);
export type FavoriteRecord = z.infer<typeof FavoriteRecordSchema>;

/** The Favorite responses carry. */
export const FavoriteSchema = lazy(() =>
  z.object({
    favoriteId: z.string(),
    id: idOf('fvrt'),
    tags: z.array(z.string().min(1)),
    type: FavoriteTypeSchema,
  }),
);
export type Favorite = z.infer<typeof FavoriteSchema>;

/** A favorite group its owner renamed or made visible; groups nobody changed are not stored. */
export const FavoriteGroupRecordSchema = lazy(() =>
  z.object({
    ownerId: idOf('usr'),
    type: FavoriteTypeSchema,
    name: z.string().min(1),
    displayName: z.string().min(1),
    visibility: FavoriteGroupVisibility.default('private'),
    tags: z.array(z.string().min(1)).default(() => []),
  }),
);
export type FavoriteGroupRecord = z.infer<typeof FavoriteGroupRecordSchema>;

export const FavoriteGroupSchema = lazy(() =>
  z.object({
    displayName: z.string().min(1),
    id: idOf('fvgrp'),
    name: z.string().min(1),
    ownerDisplayName: z.string().min(1),
    ownerId: idOf('usr'),
    tags: z.array(z.string().min(1)),
    type: FavoriteTypeSchema,
    visibility: FavoriteGroupVisibility,
  }),
);
export type FavoriteGroup = z.infer<typeof FavoriteGroupSchema>;

const perType = () =>
  z.object({ avatar: z.number().int(), friend: z.number().int(), vrcPlusWorld: z.number().int(), world: z.number().int() });

export const FavoriteLimitsSchema = lazy(() =>
  z.object({
    defaultMaxFavoriteGroups: z.number().int(),
    defaultMaxFavoritesPerGroup: z.number().int(),
    maxFavoriteGroups: perType(),
    maxFavoritesPerGroup: perType(),
  }),
);
export type FavoriteLimits = z.infer<typeof FavoriteLimitsSchema>;

export const AddFavoriteRequestSchema = lazy(() =>
  z.object({
    type: FavoriteTypeSchema,
    favoriteId: z.string().min(1),
    tags: z.array(z.string().min(1)).min(1),
  }),
);

export const UpdateFavoriteGroupRequestSchema = lazy(() =>
  z.object({
    displayName: z.string().min(1).max(64).optional(),
    visibility: FavoriteGroupVisibility.optional(),
    tags: z.array(z.string().min(1)).optional(),
  }),
);
