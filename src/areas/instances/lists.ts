import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { Instance, InstanceRecord } from '../../store/records/instances.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { findGroupMember } from '../../store/indexes/group-members.js';
import { groupInstances, instanceByName } from '../../store/instance-names.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { isClosed, occupantsOf } from '../../store/instance-state.js';
import { instanceView, readableInstance } from './instances.js';
import { LIMITS } from '../../limits.js';
import { findWorld, worldView } from '../worlds/public.js';
import { findGroup } from '../groups/public.js';

/** GET /instances/{location}/shortName: the names a link to the instance may carry. */
export function instanceNames(sandbox: Sandbox, location: string) {
  const instance = readableInstance(sandbox, location);
  return { secureName: instance.secureName, shortName: instance.shortName };
}

/** GET /instances/s/{name}: the instance a short (or secure) name stands for. */
export function findByShortName(sandbox: Sandbox, name: string): InstanceRecord {
  const instance = instanceByName(sandbox.instances, name);
  if (!instance) throw new ApiError(404, messages.instanceNotFound);
  return instance;
}

export const RecentInstancesQuerySchema = lazy(() => z.object(pageParams()));

/**
 * GET /instances/recent: the requester's instances, as locations: the open ones they are in, then the
 * open ones they created, newest first.
 */
export function recentInstances(sandbox: Sandbox, actor: UserRecord, query: unknown): string[] {
  const q = parseInput(RecentInstancesQuerySchema, query);
  const now = sandbox.clock.now();
  const inside: string[] = [];
  const created: string[] = [];
  for (const instance of sandbox.instances.values()) {
    if (isClosed(instance, now)) continue;
    if (instance.userIds.includes(actor.id)) inside.push(instance.id);
    else if (instance.creatorId === actor.id) created.push(instance.id);
  }
  return [...inside.reverse(), ...created.reverse()].slice(q.offset, q.offset + q.n);
}

const isMember = (sandbox: Sandbox, groupId: string, userId: string) =>
  findGroupMember(sandbox, groupId, userId)?.membershipStatus === 'member';

/**
 * Whether the user may see (and join) an open group instance: anyone a public one, members a members
 * one, members and friends of someone inside a plus one.
 */
function canSee(sandbox: Sandbox, user: UserRecord, instance: InstanceRecord): boolean {
  const groupId = instance.ownerId!;
  if (instance.groupAccessType === 'public') return true;
  if (isMember(sandbox, groupId, user.id)) return true;
  return instance.groupAccessType === 'plus' && instance.userIds.some((id) => user.friends.includes(id));
}

/** The group's newest open instances the user may see, at most LIMITS.groupInstancesListed (the description gives these lists no paging). */
function openGroupInstances(
  sandbox: Sandbox,
  user: UserRecord,
  groupId: string,
  max: number = LIMITS.groupInstancesListed.value,
): InstanceRecord[] {
  const now = sandbox.clock.now();
  const all = groupInstances(sandbox.instances, groupId);
  const found: InstanceRecord[] = [];
  for (let i = all.length - 1; i >= 0 && found.length < max; i--) {
    const instance = all[i]!;
    if (!isClosed(instance, now) && canSee(sandbox, user, instance)) found.push(instance);
  }
  return found.reverse();
}

/**
 * GET /users/{userId}/instances/groups[/{groupId}]: the open instances of the user's groups (or of one
 * of them) they may see, with when the list was made, as clients poll it.
 */
export function userGroupInstances(sandbox: Sandbox, actor: UserRecord, userId: string, groupId?: string) {
  if (userId !== actor.id) throw new ApiError(403, messages.instanceUserMustBeOwn);
  const groupIds = groupId !== undefined ? [groupId] : [...(sandbox.groupMembersByUser.get(actor.id)?.keys() ?? [])];
  const instances: Instance[] = [];
  for (const id of groupIds) {
    if (!isMember(sandbox, id, actor.id)) continue;
    const room = LIMITS.groupInstancesListed.value - instances.length;
    if (room <= 0) break;
    for (const instance of openGroupInstances(sandbox, actor, id, room)) instances.push(instanceView(sandbox, actor, instance));
  }
  return { fetchedAt: isoNow(sandbox.clock), instances };
}

/** GET /groups/{groupId}/instances: the group's open instances the requester may see, with how many members are in each. */
export function groupInstanceList(sandbox: Sandbox, actor: UserRecord, groupId: string) {
  findGroup(sandbox, groupId, 'getGroupInstances');
  return openGroupInstances(sandbox, actor, groupId).map((instance) => ({
    instanceId: instance.instanceId,
    location: instance.id,
    memberCount: occupantsOf(sandbox, instance).filter((user) => isMember(sandbox, groupId, user.id)).length,
    world: worldView(sandbox, findWorld(sandbox, instance.worldId)),
  }));
}
