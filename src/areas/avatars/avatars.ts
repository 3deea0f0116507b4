import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { AvatarSchema, type Avatar, type AvatarRecord } from '../../store/records/avatars.js';
import { viewOf } from '../../schema/view.js';
import { idOf } from '../../schema/common.js';
import { SORT_OPTIONS, pageParams, queryBool, queryList, type SortOption } from '../../schema/query.js';
import { unityVersionQuery } from '../../store/records/unity-package.js';
import type { UserRecord } from '../../store/records/user.js';
import { hash32 } from '../../store/random.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { authorNameOf } from '../users/public.js';

const makeAvatarView = viewOf('Avatar', AvatarSchema, { computed: ['assetUrl', 'authorName'] });

/** An avatar as every response shows it: the stored record without its moderation figures, its author's name as it is now. */
export function avatarView(sandbox: Sandbox, record: AvatarRecord): Avatar {
  return makeAvatarView(record, { assetUrl: record.assetUrl || undefined, authorName: authorNameOf(sandbox, record) });
}

/**
 * Public avatars, and any avatar to its author; other authors' private or hidden ones are not found: 404,
 * or the `status` an operation answers instead (an edit's 400, as live).
 */
export function findAvatar(sandbox: Sandbox, actor: UserRecord, avatarId: string, status = 404): AvatarRecord {
  const avatar = sandbox.avatars.get(avatarId);
  if (!avatar || (avatar.releaseStatus !== 'public' && avatar.authorId !== actor.id && !actor.isAdmin)) {
    throw new ApiError(status, messages.avatarNotFound);
  }
  return avatar;
}

export const AvatarFavoritesQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    featured: queryBool().optional(),
    sort: z.enum(SORT_OPTIONS).default('popularity'),
    order: z.enum(['ascending', 'descending']).default('descending'),
    search: z.string().optional(),
    tag: queryList().optional(),
    notag: queryList().optional(),
    releaseStatus: z.enum(['all', 'hidden', 'private', 'public']).default('public'),
    maxUnityVersion: unityVersionQuery().optional(),
    minUnityVersion: unityVersionQuery().optional(),
    platform: z.string().min(1).optional(),
    userId: idOf('usr').optional(),
  }),
);
export type AvatarFavoritesQuery = z.infer<typeof AvatarFavoritesQuerySchema>;

/** Whether one of the avatar's packages is for `platform` and within the Unity version bounds. */
function hasPackage(avatar: AvatarRecord, q: AvatarFavoritesQuery): boolean {
  return avatar.unityPackages.some(
    (p) =>
      (q.platform === undefined || p.platform === q.platform) &&
      (q.minUnityVersion === undefined || p.unitySortNumber >= q.minUnityVersion) &&
      (q.maxUnityVersion === undefined || p.unitySortNumber <= q.maxUnityVersion),
  );
}

export function matches(avatar: AvatarRecord, q: AvatarFavoritesQuery, search: string | undefined): boolean {
  if (q.releaseStatus !== 'all' && avatar.releaseStatus !== q.releaseStatus) return false;
  if (q.featured !== undefined && avatar.featured !== q.featured) return false;
  if (search !== undefined && !avatar.name.toLowerCase().includes(search)) return false;
  if (q.tag && !q.tag.some((tag) => avatar.tags.includes(tag))) return false;
  if (q.notag?.some((tag) => avatar.tags.includes(tag))) return false;
  if (q.platform !== undefined || q.minUnityVersion !== undefined || q.maxUnityVersion !== undefined) {
    return hasPackage(avatar, q);
  }
  return true;
}

const TRUST_RANKS: Record<string, number> = {
  system_trust_basic: 1,
  system_trust_known: 2,
  system_trust_trusted: 3,
  system_trust_veteran: 4,
};

export function trustOf(user: UserRecord | undefined): number {
  let rank = 0;
  for (const tag of user?.tags ?? []) rank = Math.max(rank, TRUST_RANKS[tag] ?? 0);
  return rank;
}

const DAY_MS = 86_400_000;

export interface SortContext {
  sandbox: Sandbox;
  /** Lower-cased search text, if any. */
  search: string | undefined;
  /** When the listed user favorited the avatar. */
  favoritedAt: string;
}

/**
 * What each sort orders by (ascending; `order=descending`, the default, reverses it):
 * - popularity, magic, favorites: how many users favorited the avatar;
 * - relevance: with `search`, names starting with the text before names merely containing it,
 *   then popularity; without `search`, popularity;
 * - heat: favorites per day since the avatar was created (recent and favorited ranks high);
 * - created, _created_at: created_at; updated, _updated_at: updated_at;
 * - publicationDate, labsPublicationDate: listingDate, else created_at (avatars have no labs stage);
 * - name: the name, case-insensitive;
 * - order: when the user favorited it (descending: the latest favorite first);
 * - random: a fixed pseudo-random order seeded per world; shuffle: the same, reseeded every UTC day;
 * - reportCount, reportScore: the avatar's moderation figures;
 * - trust: the author's trust rank (system_trust_basic < known < trusted < veteran).
 * Ties fall back to the avatar id.
 */
export function sortKey(sort: SortOption, avatar: AvatarRecord, ctx: SortContext): number | string {
  const favorites = () => ctx.sandbox.avatarFavoriteCounts.get(avatar.id) ?? 0;
  switch (sort) {
    case 'popularity':
    case 'magic':
    case 'favorites':
      return favorites();
    case 'relevance': {
      if (ctx.search === undefined) return favorites();
      const name = avatar.name.toLowerCase();
      return (name.startsWith(ctx.search) ? 1e12 : 0) + favorites();
    }
    case 'heat': {
      const ageDays = Math.max(0, (ctx.sandbox.clock.now() - Date.parse(avatar.created_at)) / DAY_MS);
      return favorites() / (ageDays + 1);
    }
    case 'created':
    case '_created_at':
      return Date.parse(avatar.created_at);
    case 'updated':
    case '_updated_at':
      return Date.parse(avatar.updated_at);
    case 'publicationDate':
    case 'labsPublicationDate':
      return Date.parse(avatar.listingDate ?? avatar.created_at);
    case 'name':
      return avatar.name.toLowerCase();
    case 'order':
      return Date.parse(ctx.favoritedAt);
    case 'random':
      return hash32(avatar.id, ctx.sandbox.avatarShuffleSeed);
    case 'shuffle':
      return hash32(avatar.id, ctx.sandbox.avatarShuffleSeed ^ Math.floor(ctx.sandbox.clock.now() / DAY_MS));
    case 'reportCount':
      return avatar.reportCount;
    case 'reportScore':
      return avatar.reportScore;
    case 'trust':
      return trustOf(ctx.sandbox.users.get(avatar.authorId));
  }
}

/** An avatar found by a list, beside the key its sort orders it by. */
export interface SortedAvatar {
  avatar: AvatarRecord;
  key: number | string;
}

/** The page the query asks for: sorted by key in the query's order, ties by id. */
export function sortedPage(found: SortedAvatar[], q: Pick<AvatarFavoritesQuery, 'order' | 'offset' | 'n'>): AvatarRecord[] {
  const direction = q.order === 'ascending' ? 1 : -1;
  found.sort((a, b) => {
    const byKey = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return direction * (byKey || (a.avatar.id < b.avatar.id ? -1 : a.avatar.id > b.avatar.id ? 1 : 0));
  });
  return found.slice(q.offset, q.offset + q.n).map((entry) => entry.avatar);
}

/**
 * GET /avatars/favorites: the requester's favorited avatars (or, for an admin, `userId`'s), filtered,
 * sorted and paged. Reads only that user's favorites, never the whole avatar collection.
 */
export function listFavoriteAvatars(sandbox: Sandbox, actor: UserRecord, query: unknown): AvatarRecord[] {
  const q = parseInput(AvatarFavoritesQuerySchema, query);
  const userId = q.userId ?? actor.id;
  if (userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.avatarFavoritesOfOthers);
  const favorites = sandbox.favorites.get(userId);
  if (!favorites) return [];
  const search = q.search ? q.search.toLowerCase() : undefined;
  const found: SortedAvatar[] = [];
  for (const favorite of favorites) {
    if (favorite.type !== 'avatar') continue;
    const avatar = sandbox.avatars.get(favorite.favoriteId);
    if (!avatar || !matches(avatar, q, search)) continue;
    found.push({ avatar, key: sortKey(q.sort, avatar, { sandbox, search, favoritedAt: favorite.created_at }) });
  }
  return sortedPage(found, q);
}
