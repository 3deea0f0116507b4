import * as z from 'zod';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { SORT_OPTIONS, pageParams, queryBool, queryList } from '../../schema/query.js';
import { unityVersionQuery } from '../../store/records/unity-package.js';

const PLATFORMS = ['android', 'ios', 'standalonewindows'] as const;

/**
 * The query of GET /worlds, /worlds/active, /worlds/recent and /worlds/favorites. Each value out of
 * range is a 400 naming it. `sort` has no default here: each list has its own.
 */
export const WorldListQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    featured: queryBool().optional(),
    sort: z.enum(SORT_OPTIONS).optional(),
    order: z.enum(['ascending', 'descending']).default('descending'),
    user: z.enum(['me']).optional(),
    userId: idOf('usr').optional(),
    search: z.string().min(1).max(256).optional(),
    tag: queryList().optional(),
    notag: queryList().optional(),
    releaseStatus: z.enum(['all', 'hidden', 'private', 'public']).optional(),
    maxUnityVersion: unityVersionQuery().optional(),
    minUnityVersion: unityVersionQuery().optional(),
    platform: z.enum(PLATFORMS).optional(),
    noplatform: z.enum(PLATFORMS).optional(),
    fuzzy: queryBool().optional(),
    avatarSpecific: queryBool().optional(),
  }),
);
export type WorldListQuery = z.infer<typeof WorldListQuerySchema>;
