import * as z from 'zod';
import type { AvatarRecord } from '../../store/records/avatars.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { AvatarFavoritesQuerySchema, matches, sortKey, sortedPage, type AvatarFavoritesQuery, type SortedAvatar } from './avatars.js';

/** GET /avatars: the favorites' filters and sorts, plus `user=me`, an author, and internal variants. */
export const AvatarListQuerySchema = lazy(() =>
  AvatarFavoritesQuerySchema.extend({
    user: z.enum(['me']).optional(),
    isInternalVariant: queryBool().optional(),
    releaseStatus: z.enum(['all', 'hidden', 'private', 'public']).optional(),
  }),
);

/** Other authors' avatars show when public; one's own always; an admin sees all. */
const visible = (avatar: AvatarRecord, actor: UserRecord) =>
  avatar.releaseStatus === 'public' || avatar.authorId === actor.id || actor.isAdmin;

/**
 * Which avatars a list goes through: an author's (user=me, userId) through the author index, a
 * search through the name index, anything else every avatar.
 */
function candidates(sandbox: Sandbox, authorId: string | undefined, search: string | undefined): Iterable<AvatarRecord> {
  if (authorId !== undefined) return sandbox.avatars.byAuthor(authorId);
  if (search !== undefined) return sandbox.avatars.withName((name) => name.toLowerCase().includes(search));
  return sandbox.avatars.values();
}

/** GET /avatars: filtered, sorted (popularity unless said) and paged. Own lists show private ones too. */
export function listAvatars(sandbox: Sandbox, actor: UserRecord, query: unknown): AvatarRecord[] {
  const q = parseInput(AvatarListQuerySchema, query);
  const authorId = q.user === 'me' ? actor.id : q.userId;
  const search = q.search ? q.search.toLowerCase() : undefined;
  const filter: AvatarFavoritesQuery = { ...q, releaseStatus: q.releaseStatus ?? (authorId === actor.id ? 'all' : 'public') };
  const found: SortedAvatar[] = [];
  for (const avatar of candidates(sandbox, authorId, search)) {
    if (!visible(avatar, actor) || !matches(avatar, filter, search)) continue;
    if (q.isInternalVariant !== undefined && avatar.unityPackages.some((p) => p.variant !== 'standard') !== q.isInternalVariant) continue;
    found.push({ avatar, key: sortKey(q.sort, avatar, { sandbox, search, favoritedAt: avatar.created_at }) });
  }
  return sortedPage(found, q);
}

export const LicensedQuerySchema = lazy(() => z.object(pageParams()));

/**
 * GET /avatars/licensed: avatars the user holds a licence to (bought through a listing). Nothing here
 * sells avatars: an avatar listing the user as its product's buyer would be one; the list is empty.
 */
export function licensedAvatars(query: unknown): AvatarRecord[] {
  parseInput(LicensedQuerySchema, query);
  return [];
}

/** The avatar styles (OpenAPI AvatarStyle) an author may tag an avatar with. */
export const AVATAR_STYLES = [
  { id: 'avst_00000000-0000-4000-8000-000000000001', styleName: 'anime' },
  { id: 'avst_00000000-0000-4000-8000-000000000002', styleName: 'cartoon' },
  { id: 'avst_00000000-0000-4000-8000-000000000003', styleName: 'furry' },
  { id: 'avst_00000000-0000-4000-8000-000000000004', styleName: 'realistic' },
  { id: 'avst_00000000-0000-4000-8000-000000000005', styleName: 'robot' },
  { id: 'avst_00000000-0000-4000-8000-000000000006', styleName: 'other' },
];
