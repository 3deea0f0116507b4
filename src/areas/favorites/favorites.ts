import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import {
  AddFavoriteRequestSchema,
  FAVORITE_TARGET,
  FavoriteTypeSchema,
  type Favorite,
  type FavoriteRecord,
  type FavoriteType,
} from '../../store/records/favorites.js';
import { lazy } from '../../schema/lazy.js';
import { requireIdForm } from '../../schema/ids.js';
import { pageParams, queryList } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findAvatar } from '../avatars/public.js';
import { FAVORITE_GROUP_NAMES, MAX_FAVORITES_PER_GROUP } from '../../store/records/favorite-limits.js';
import { findWorld } from '../worlds/public.js';

/** What a favorite of each type points at, as its messages name it: world favorites are one kind however grouped. */
const NOUNS: Record<FavoriteType, string> = { avatar: 'avatar', friend: 'friend', vrcPlusWorld: 'world', world: 'world' };

export const favoriteView = (record: FavoriteRecord): Favorite => ({
  favoriteId: record.favoriteId,
  id: record.id,
  tags: record.tags,
  type: record.type,
});

/** Favorites of the type in the user's group `name`. */
export function favoritesInGroup(list: readonly FavoriteRecord[], type: FavoriteType, name: string): number {
  let count = 0;
  for (const favorite of list) if (favorite.type === type && favorite.tags.includes(name)) count++;
  return count;
}

/** The thing a new favorite points at must exist (and a friend be a friend): the real service's 404s and 403. */
function checkTarget(sandbox: Sandbox, actor: UserRecord, type: FavoriteType, favoriteId: string): void {
  requireIdForm('favoriteId', favoriteId, FAVORITE_TARGET);
  if (type === 'avatar') {
    findAvatar(sandbox, actor, favoriteId);
  } else if (type === 'friend') {
    if (!sandbox.users.has(favoriteId)) throw new ApiError(404, messages.userNotFound(favoriteId));
    if (!actor.friends.includes(favoriteId)) throw new ApiError(403, messages.favoriteNotFriends);
  } else {
    findWorld(sandbox, favoriteId);
  }
}

/** Keeps the popularity figures the sorts and worlds show in step with a favorite added (+1) or removed (-1). */
function count(sandbox: Sandbox, favorite: FavoriteRecord, by: 1 | -1): void {
  if (favorite.type === 'avatar') sandbox.avatarFavoriteCounts.add(favorite.favoriteId, by);
  else if (favorite.type !== 'friend') {
    const target = sandbox.worlds.get(favorite.favoriteId);
    if (target) target.favorites = Math.max(0, target.favorites + by);
  }
}

/**
 * POST /favorites: adds a favorite to the groups `tags` names. Every group must be one of the type's
 * and have room for one more; a thing already favorited (in any group) is refused. The checks and the
 * write are one synchronous block, so parallel adds fill a group exactly to its limit.
 */
export function addFavorite(sandbox: Sandbox, actor: UserRecord, body: unknown): FavoriteRecord {
  const request = parseInput(AddFavoriteRequestSchema, body);
  const { type, favoriteId } = request;
  const tags = [...new Set(request.tags)];
  for (const tag of tags) {
    if (!FAVORITE_GROUP_NAMES[type].includes(tag)) throw new ApiError(400, messages.favoriteUnknownGroup(tag, type));
  }
  checkTarget(sandbox, actor, type, favoriteId);
  const list = sandbox.favorites.listOf(actor.id);
  const noun = NOUNS[type];
  if (list.some((favorite) => favorite.favoriteId === favoriteId && NOUNS[favorite.type] === noun)) {
    throw new ApiError(400, messages.favoriteAlreadyFavorited(noun));
  }
  const limit = MAX_FAVORITES_PER_GROUP[type];
  for (const tag of tags) {
    if (favoritesInGroup(list, type, tag) >= limit) throw new ApiError(400, messages.favoriteGroupFull(limit, noun, tag));
  }
  const favorite: FavoriteRecord = { id: newId('fvrt'), userId: actor.id, type, favoriteId, tags, created_at: isoNow(sandbox.clock) };
  list.push(favorite);
  count(sandbox, favorite, 1);
  return favorite;
}

/**
 * DELETE /favorites/{id}: by the favorite's own id, or (as clients also send) the id of what it points at.
 * As live, a favorite id (`fvrt_`) the requester does not hold is 400; a thing they have not favorited is 404.
 */
export function removeFavorite(sandbox: Sandbox, actor: UserRecord, id: string): void {
  const list = sandbox.favorites.get(actor.id) ?? [];
  const index = list.findIndex((favorite) => favorite.id === id || favorite.favoriteId === id);
  if (index === -1) throw new ApiError(id.startsWith('fvrt_') ? 400 : 404, messages.favoriteNotFound);
  const [removed] = list.splice(index, 1);
  count(sandbox, removed!, -1);
}

/** Removes the user's favorites that `remove` picks, keeping the figures in step; answers how many went. */
export function removeFavoritesWhere(sandbox: Sandbox, userId: string, remove: (favorite: FavoriteRecord) => boolean): number {
  const list = sandbox.favorites.get(userId);
  if (!list) return 0;
  let kept = 0;
  for (const favorite of list) {
    if (remove(favorite)) count(sandbox, favorite, -1);
    else list[kept++] = favorite;
  }
  const removed = list.length - kept;
  list.length = kept;
  return removed;
}

export const FavoritesQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    type: FavoriteTypeSchema.optional(),
    tag: queryList().optional(),
  }),
);

/** GET /favorites: the requester's favorites, oldest first, of one type and in any of the `tag` groups if asked. */
export function listFavorites(sandbox: Sandbox, actor: UserRecord, query: unknown): Favorite[] {
  const q = parseInput(FavoritesQuerySchema, query);
  const page: Favorite[] = [];
  let skipped = 0;
  for (const favorite of sandbox.favorites.get(actor.id) ?? []) {
    if (q.type !== undefined && favorite.type !== q.type) continue;
    if (q.tag && !q.tag.some((tag) => favorite.tags.includes(tag))) continue;
    if (skipped++ < q.offset) continue;
    page.push(favoriteView(favorite));
    if (page.length === q.n) break;
  }
  return page;
}
