import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { Instance, InstanceRecord } from '../../store/records/instances.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { findGroupMember } from '../../store/indexes/group-members.js';
import { groupInstances, instanceByName } from '../../store/instance-names.js';
import type { World } from '../../store/world.js';
import { parseInput } from '../../http/validation.js';
import { isClosed, occupantsOf } from '../../store/instance-state.js';
import { findInstance, instanceView } from './instances.js';
import { LIMITS } from '../../limits.js';
import { findWorld, worldView } from '../worlds/public.js';

/** GET /instances/{location}/shortName: the names a link to the instance may carry. */
export function instanceNames(world: World, location: string) {
  const instance = findInstance(world, location);
  return { secureName: instance.secureName, shortName: instance.shortName };
}

/** GET /instances/s/{name}: the instance a short (or secure) name stands for. */
export function findByShortName(world: World, name: string): InstanceRecord {
  const instance = instanceByName(world.instances, name);
  if (!instance) throw new ApiError(404, messages.instanceNotFound);
  return instance;
}

export const RecentInstancesQuerySchema = lazy(() => z.object(pageParams()));

/**
 * GET /instances/recent: the requester's instances, as locations: the open ones they are in, then the
 * open ones they created, newest first.
 */
export function recentInstances(world: World, actor: UserRecord, query: unknown): string[] {
  const q = parseInput(RecentInstancesQuerySchema, query);
  const now = world.clock.now();
  const inside: string[] = [];
  const created: string[] = [];
  for (const instance of world.instances.values()) {
    if (isClosed(instance, now)) continue;
    if (instance.userIds.includes(actor.id)) inside.push(instance.id);
    else if (instance.creatorId === actor.id) created.push(instance.id);
  }
  return [...inside.reverse(), ...created.reverse()].slice(q.offset, q.offset + q.n);
}

const isMember = (world: World, groupId: string, userId: string) => findGroupMember(world, groupId, userId)?.membershipStatus === 'member';

/**
 * Whether the user may see (and join) an open group instance: anyone a public one, members a members
 * one, members and friends of someone inside a plus one.
 */
function canSee(world: World, user: UserRecord, instance: InstanceRecord): boolean {
  const groupId = instance.ownerId!;
  if (instance.groupAccessType === 'public') return true;
  if (isMember(world, groupId, user.id)) return true;
  return instance.groupAccessType === 'plus' && instance.userIds.some((id) => user.friends.includes(id));
}

/** The group's newest open instances the user may see, at most LIMITS.groupInstancesListed (the description gives these lists no paging). */
function openGroupInstances(
  world: World,
  user: UserRecord,
  groupId: string,
  max: number = LIMITS.groupInstancesListed.value,
): InstanceRecord[] {
  const now = world.clock.now();
  const all = groupInstances(world.instances, groupId);
  const found: InstanceRecord[] = [];
  for (let i = all.length - 1; i >= 0 && found.length < max; i--) {
    const instance = all[i]!;
    if (!isClosed(instance, now) && canSee(world, user, instance)) found.push(instance);
  }
  return found.reverse();
}

/**
 * GET /users/{userId}/instances/groups[/{groupId}]: the open instances of the user's groups (or of one
 * of them) they may see, with when the list was made, as clients poll it.
 */
export function userGroupInstances(world: World, actor: UserRecord, userId: string, groupId?: string) {
  if (userId !== actor.id) throw new ApiError(403, messages.instanceUserMustBeOwn);
  const groupIds = groupId !== undefined ? [groupId] : [...(world.groupMembersByUser.get(actor.id)?.keys() ?? [])];
  const instances: Instance[] = [];
  for (const id of groupIds) {
    if (!isMember(world, id, actor.id)) continue;
    const room = LIMITS.groupInstancesListed.value - instances.length;
    if (room <= 0) break;
    for (const instance of openGroupInstances(world, actor, id, room)) instances.push(instanceView(world, actor, instance));
  }
  return { fetchedAt: isoNow(world.clock), instances };
}

/** GET /groups/{groupId}/instances: the group's open instances the requester may see, with how many members are in each. */
export function groupInstanceList(world: World, actor: UserRecord, groupId: string) {
  if (!world.groups.has(groupId)) throw new ApiError(404, messages.groupNotFound);
  return openGroupInstances(world, actor, groupId).map((instance) => ({
    instanceId: instance.instanceId,
    location: instance.id,
    memberCount: occupantsOf(world, instance).filter((user) => isMember(world, groupId, user.id)).length,
    world: worldView(world, findWorld(world, instance.worldId)),
  }));
}
