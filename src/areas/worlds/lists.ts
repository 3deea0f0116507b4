import { ApiError, messages } from '../../errors.js';
import type { FavoriteRecord } from '../../store/records/favorites.js';
import type { UserRecord } from '../../store/records/user.js';
import { WorldListQuerySchema, type WorldListQuery } from './query.js';
import type { SortOption } from '../../schema/query.js';
import type { WorldRecord } from '../../store/records/worlds.js';
import { hash32 } from '../../store/random.js';
import { nameWords } from '../../store/indexes/world-names.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { trustOf } from '../avatars/public.js';
import { favoritedWorldView, limitedWorldView, occupantsOfWorld } from './views.js';
import { authorNameOf } from '../users/public.js';

const DAY_MS = 86_400_000;
/** The tag that marks a world made to show avatars off (`avatarSpecific=true`). */
export const AVATAR_WORLD_TAG = 'author_tag_avatar';

/** A world a list may show, with what its `order` sort means in that list (a visit, a favorite, a creation). */
interface Candidate {
  record: WorldRecord;
  order: number;
  favorite?: FavoriteRecord;
}

/** Other users' worlds are listed when public; one's own always; an admin's list shows everything. */
const visible = (record: WorldRecord, actor: UserRecord) =>
  record.releaseStatus === 'public' || record.authorId === actor.id || actor.isAdmin;

function matchesPackages(record: WorldRecord, q: WorldListQuery): boolean {
  if (q.noplatform !== undefined && record.unityPackages.some((p) => p.platform === q.noplatform)) return false;
  if (q.platform === undefined && q.minUnityVersion === undefined && q.maxUnityVersion === undefined) return true;
  return record.unityPackages.some(
    (p) =>
      (q.platform === undefined || p.platform === q.platform) &&
      (q.minUnityVersion === undefined || p.unitySortNumber >= q.minUnityVersion) &&
      (q.maxUnityVersion === undefined || p.unitySortNumber <= q.maxUnityVersion),
  );
}

/** Fuzzy search: every word of the text appears somewhere in the name, the author's name or a tag. */
function fuzzyMatch(sandbox: Sandbox, record: WorldRecord, words: readonly string[]): boolean {
  const haystack = `${record.name} ${authorNameOf(sandbox, record)} ${record.tags.join(' ')}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function matches(
  sandbox: Sandbox,
  record: WorldRecord,
  q: WorldListQuery,
  actor: UserRecord,
  releaseStatus: string,
  words: readonly string[],
): boolean {
  if (!visible(record, actor)) return false;
  if (releaseStatus !== 'all' && record.releaseStatus !== releaseStatus) return false;
  if (q.featured !== undefined && record.featured !== q.featured) return false;
  if (q.user === 'me' && record.authorId !== actor.id) return false;
  if (q.userId !== undefined && record.authorId !== q.userId) return false;
  if (q.fuzzy && words.length > 0 && !fuzzyMatch(sandbox, record, words)) return false;
  if (q.tag && !q.tag.some((tag) => record.tags.includes(tag))) return false;
  if (q.notag?.some((tag) => record.tags.includes(tag))) return false;
  if (q.avatarSpecific !== undefined && record.tags.includes(AVATAR_WORLD_TAG) !== q.avatarSpecific) return false;
  return matchesPackages(record, q);
}

const publicationTime = (date: string, fallback: string) => Date.parse(date === 'none' ? fallback : date) || Date.parse(fallback);

/**
 * What each sort orders by (ascending; `order=descending`, the default, reverses it): popularity,
 * favorites and heat their figures (magic is popularity); relevance puts names starting with the
 * search first, then popularity; created/updated (and _created_at/_updated_at) the times;
 * publicationDate and labsPublicationDate theirs, else created_at; name; order the list's own order
 * (recent: the visit, favorites: the favorite, else creation); random a fixed order per world,
 * shuffle the same reseeded each UTC day; reportCount and reportScore 0 (worlds carry no reports);
 * trust the author's trust rank. Ties fall back to the id.
 */
function sortKey(sandbox: Sandbox, sort: SortOption, candidate: Candidate, search: string | undefined): number | string {
  const record = candidate.record;
  switch (sort) {
    case 'popularity':
    case 'magic':
      return record.popularity;
    case 'favorites':
      return record.favorites;
    case 'heat':
      return record.heat;
    case 'relevance':
      return (search !== undefined && record.name.toLowerCase().startsWith(search) ? 1e12 : 0) + record.popularity;
    case 'created':
    case '_created_at':
      return Date.parse(record.created_at);
    case 'updated':
    case '_updated_at':
      return Date.parse(record.updated_at);
    case 'publicationDate':
      return publicationTime(record.publicationDate, record.created_at);
    case 'labsPublicationDate':
      return publicationTime(record.labsPublicationDate, record.created_at);
    case 'name':
      return record.name.toLowerCase();
    case 'order':
      return candidate.order;
    case 'random':
      return hash32(record.id, sandbox.avatarShuffleSeed);
    case 'shuffle':
      return hash32(record.id, sandbox.avatarShuffleSeed ^ Math.floor(sandbox.clock.now() / DAY_MS));
    case 'reportCount':
    case 'reportScore':
      return 0;
    case 'trust':
      return trustOf(sandbox.users.get(record.authorId));
  }
}

/** Filters, sorts and pages candidates; only the page's worlds are made into responses. */
function page(sandbox: Sandbox, actor: UserRecord, q: WorldListQuery, candidates: Iterable<Candidate>, sort: SortOption): Candidate[] {
  const own = q.user === 'me' || q.userId === actor.id;
  const releaseStatus = q.releaseStatus ?? (own ? 'all' : 'public');
  const search = q.search?.toLowerCase();
  const words = q.search ? nameWords(q.search) : [];
  const found: { candidate: Candidate; key: number | string }[] = [];
  for (const candidate of candidates) {
    if (!matches(sandbox, candidate.record, q, actor, releaseStatus, words)) continue;
    found.push({ candidate, key: sortKey(sandbox, sort, candidate, search) });
  }
  const direction = q.order === 'ascending' ? 1 : -1;
  found.sort((a, b) => {
    const byKey = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    const byId = a.candidate.record.id < b.candidate.record.id ? -1 : a.candidate.record.id > b.candidate.record.id ? 1 : 0;
    return direction * (byKey || byId);
  });
  return found.slice(q.offset, q.offset + q.n).map((entry) => entry.candidate);
}

function* allWorlds(sandbox: Sandbox): Iterable<Candidate> {
  for (const record of sandbox.worlds.values()) yield { record, order: Date.parse(record.created_at) };
}

/**
 * GET /worlds. A search (not fuzzy) reads the name index: worlds with a name word starting with each
 * word of the text. A fuzzy one, and a list without search, go through every world.
 */
export function searchWorlds(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const q = parseInput(WorldListQuerySchema, query);
  let candidates: Iterable<Candidate> = allWorlds(sandbox);
  if (q.search !== undefined && !q.fuzzy) {
    const ids = sandbox.worldNames.matching(sandbox.worlds, nameWords(q.search));
    candidates = [...ids].map((id) => sandbox.worlds.get(id)!).map((record) => ({ record, order: Date.parse(record.created_at) }));
  }
  return page(sandbox, actor, q, candidates, q.sort ?? (q.search ? 'relevance' : 'popularity')).map(({ record }) =>
    limitedWorldView(sandbox, record),
  );
}

/** GET /worlds/active: worlds with someone in them, fullest first unless sorted otherwise. */
export function activeWorlds(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const q = parseInput(WorldListQuerySchema, query);
  const candidates: Candidate[] = [];
  for (const worldId of sandbox.instancesByWorld.keys()) {
    const record = sandbox.worlds.get(worldId);
    const occupants = record ? occupantsOfWorld(sandbox, worldId) : 0;
    if (record && occupants > 0) candidates.push({ record, order: occupants });
  }
  return page(sandbox, actor, q, candidates, q.sort ?? 'order').map(({ record }) => limitedWorldView(sandbox, record));
}

/** The user a favorites or recent list is of: the requester's own, or (for an admin) `userId`'s. */
function listedUser(sandbox: Sandbox, actor: UserRecord, q: WorldListQuery): UserRecord {
  if (q.userId === undefined || q.userId === actor.id) return actor;
  if (!actor.isAdmin) throw new ApiError(403, messages.worldFavoritesOfOthers);
  const user = sandbox.users.get(q.userId);
  if (!user) throw new ApiError(404, messages.userNotFound(q.userId));
  return user;
}

/**
 * userId picks whose list it is, not whose worlds: the author filter does not apply to these lists,
 * and they show every world in them the requester may see unless releaseStatus narrows them.
 */
const ownList = (q: WorldListQuery): WorldListQuery => ({ ...q, userId: undefined, releaseStatus: q.releaseStatus ?? 'all' });

/** GET /worlds/recent: the worlds the user visited, latest first unless sorted otherwise. */
export function recentWorlds(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const q = parseInput(WorldListQuerySchema, query);
  const user = listedUser(sandbox, actor, q);
  const candidates: Candidate[] = [];
  user.recentWorldIds.forEach((worldId, index) => {
    const record = sandbox.worlds.get(worldId);
    if (record) candidates.push({ record, order: -index });
  });
  return page(sandbox, actor, ownList(q), candidates, q.sort ?? 'order').map(({ record }) => limitedWorldView(sandbox, record));
}

/** GET /worlds/favorites: the user's world favorites (vrcPlusWorld ones too), from the one favorites store. */
export function favoriteWorlds(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const q = parseInput(WorldListQuerySchema, query);
  const user = listedUser(sandbox, actor, q);
  const candidates: Candidate[] = [];
  for (const favorite of sandbox.favorites.get(user.id) ?? []) {
    if (favorite.type !== 'world' && favorite.type !== 'vrcPlusWorld') continue;
    const record = sandbox.worlds.get(favorite.favoriteId);
    if (record) candidates.push({ record, order: Date.parse(favorite.created_at), favorite });
  }
  return page(sandbox, actor, ownList(q), candidates, q.sort ?? 'order').map(({ record, favorite }) =>
    favoritedWorldView(sandbox, record, favorite!),
  );
}
