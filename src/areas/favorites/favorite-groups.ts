import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import {
  FAVORITE_TYPES,
  FavoriteTypeSchema,
  UpdateFavoriteGroupRequestSchema,
  type FavoriteGroup,
  type FavoriteGroupRecord,
  type FavoriteType,
} from '../../store/records/favorites.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { favoriteGroupKey } from '../../store/indexes/favorites.js';
import { derivedId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { defaultGroupDisplayName, FAVORITE_GROUP_NAMES } from '../../store/records/favorite-limits.js';
import { removeFavoritesWhere } from './favorites.js';

/**
 * Every user has every group of every type (the names in FAVORITE_GROUP_NAMES); a group is stored
 * only once its owner renames it or changes its visibility, and is private until then.
 */
function groupRecord(sandbox: Sandbox, ownerId: string, type: FavoriteType, name: string): FavoriteGroupRecord {
  const stored = sandbox.favoriteGroups.get(favoriteGroupKey(ownerId, type, name));
  if (stored) return stored;
  const index = FAVORITE_GROUP_NAMES[type].indexOf(name);
  return { ownerId, type, name, displayName: defaultGroupDisplayName(type, index), visibility: 'private', tags: [] };
}

function groupView(record: FavoriteGroupRecord, owner: UserRecord): FavoriteGroup {
  return {
    displayName: record.displayName,
    id: derivedId('fvgrp', favoriteGroupKey(record.ownerId, record.type, record.name)),
    name: record.name,
    ownerDisplayName: owner.displayName,
    ownerId: owner.id,
    tags: record.tags,
    type: record.type,
    visibility: record.visibility,
  };
}

/** Whether the viewer may see the owner's group: their own, a public one, a friends one of a friend; admins see all. */
function canSee(viewer: UserRecord, owner: UserRecord, record: FavoriteGroupRecord): boolean {
  if (viewer.id === owner.id || viewer.isAdmin || record.visibility === 'public') return true;
  return record.visibility === 'friends' && owner.friends.includes(viewer.id);
}

export const FavoriteGroupsQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    userId: idOf('usr').optional(),
    ownerId: idOf('usr').optional(),
  }),
);

/**
 * GET /favorite/groups: the requester's groups (an admin's `userId`'s), or the groups of `ownerId`
 * the requester may see; by type (avatar, friend, vrcPlusWorld, world), then by name.
 */
export function listFavoriteGroups(sandbox: Sandbox, actor: UserRecord, query: unknown): FavoriteGroup[] {
  const q = parseInput(FavoriteGroupsQuerySchema, query);
  if (q.userId !== undefined && q.userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.notAuthorized);
  const ownerId = q.ownerId ?? q.userId ?? actor.id;
  const owner = sandbox.users.get(ownerId);
  if (!owner) throw new ApiError(404, messages.userNotFound(ownerId));
  const visible: FavoriteGroup[] = [];
  for (const type of FAVORITE_TYPES) {
    for (const name of FAVORITE_GROUP_NAMES[type]) {
      const record = groupRecord(sandbox, ownerId, type, name);
      if (canSee(actor, owner, record)) visible.push(groupView(record, owner));
    }
  }
  return visible.slice(q.offset, q.offset + q.n);
}

const GroupPathSchema = lazy(() => z.object({ favoriteGroupType: FavoriteTypeSchema, userId: idOf('usr') }));

/** The group a path names, if the requester may see it: unknown names and hidden groups are both not found. */
function findGroup(sandbox: Sandbox, actor: UserRecord, type: string, name: string, userId: string) {
  const path = parseInput(GroupPathSchema, { favoriteGroupType: type, userId });
  const owner = sandbox.users.get(path.userId);
  if (!owner || !FAVORITE_GROUP_NAMES[path.favoriteGroupType].includes(name)) throw new ApiError(404, messages.favoriteGroupNotFound);
  const record = groupRecord(sandbox, owner.id, path.favoriteGroupType, name);
  if (!canSee(actor, owner, record)) throw new ApiError(404, messages.favoriteGroupNotFound);
  return { owner, record };
}

export function getFavoriteGroup(sandbox: Sandbox, actor: UserRecord, type: string, name: string, userId: string): FavoriteGroup {
  const { owner, record } = findGroup(sandbox, actor, type, name, userId);
  return groupView(record, owner);
}

function ownGroup(sandbox: Sandbox, actor: UserRecord, type: string, name: string, userId: string) {
  const found = findGroup(sandbox, actor, type, name, userId);
  if (found.owner.id !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.favoriteGroupNotYours);
  return found;
}

/** PUT /favorite/group/...: renames the group or changes its visibility or tags; its name (the favorites' tag) stays. */
export function updateFavoriteGroup(
  sandbox: Sandbox,
  actor: UserRecord,
  type: string,
  name: string,
  userId: string,
  body: unknown,
): FavoriteGroup {
  const change = parseInput(UpdateFavoriteGroupRequestSchema, body);
  const { owner, record } = ownGroup(sandbox, actor, type, name, userId);
  const updated: FavoriteGroupRecord = {
    ...record,
    displayName: change.displayName ?? record.displayName,
    visibility: change.visibility ?? record.visibility,
    tags: change.tags ?? record.tags,
  };
  sandbox.favoriteGroups.set(favoriteGroupKey(owner.id, updated.type, updated.name), updated);
  return groupView(updated, owner);
}

/** DELETE /favorite/group/...: removes every favorite in the group (one in several groups leaves them all). */
export function clearFavoriteGroup(sandbox: Sandbox, actor: UserRecord, type: string, name: string, userId: string): void {
  const { owner, record } = ownGroup(sandbox, actor, type, name, userId);
  removeFavoritesWhere(sandbox, owner.id, (favorite) => favorite.type === record.type && favorite.tags.includes(record.name));
}
