import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { InstanceRecord } from '../../store/records/instances.js';
import type { PresenceChange } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { fileFriend } from '../../store/indexes/friend-buckets.js';
import { isClosed, occupantsOf } from '../../store/instance-state.js';
import { seenLocation, userView } from './views.js';

/** How many worlds `recentWorldIds` keeps: what GET /worlds/recent can list at most. */
export const RECENT_WORLDS_LIMIT = 100;

const PLACES = new Set(['offline', 'private', 'traveling']);

/**
 * The one way a user moves: state, location, platform and status together. A location of an instance
 * joins it (refused when closed or full, unless already in it) and leaves the previous one; `offline`
 * goes offline, `active` alone means on the website (location `offline`). Instances' user lists,
 * friends' buckets and recentWorldIds follow, and the events the real pipeline sends go out.
 */
export function movePresence(sandbox: Sandbox, user: UserRecord, change: PresenceChange): UserRecord {
  const target = change.location === undefined ? undefined : instanceAt(sandbox, change.location);
  if (target && !target.userIds.includes(user.id)) {
    if (isClosed(target, sandbox.clock.now())) throw new ApiError(403, messages.instanceClosed);
    const capacity = sandbox.worlds.get(target.worldId)?.capacity ?? Infinity;
    if (occupantsOf(sandbox, target).length >= capacity) throw new ApiError(403, messages.instanceFull);
  }
  const before = { state: user.state, location: user.location, status: user.status, platform: user.platform };
  const state = change.state ?? (change.location === undefined ? user.state : change.location === 'offline' ? 'offline' : 'online');
  const location = state === 'online' ? (change.location ?? inGameLocation(user)) : 'offline';
  if (state === 'online' && location === 'offline') throw new ApiError(400, messages.presenceLocationInvalid);
  const now = isoNow(sandbox.clock);

  leaveInstance(sandbox, user, location);
  const instance = state === 'online' ? sandbox.instances.get(location) : undefined;
  if (instance && !instance.userIds.includes(user.id)) instance.userIds = [...instance.userIds, user.id];
  user.state = state;
  user.location = location;
  user.worldId = instance?.worldId ?? '';
  user.instanceId = instance?.instanceId ?? '';
  if (change.platform !== undefined) user.platform = change.platform;
  else if (state === 'active' && before.state !== 'active') user.platform = 'web';
  if (state === 'online' && user.platform !== 'web') user.last_platform = user.platform;
  if (change.status !== undefined) user.status = change.status;
  user.last_activity = now;
  if (instance) recordRecentWorld(user, instance.worldId);
  user.presence = {
    ...user.presence,
    world: user.worldId,
    instance: user.instanceId,
    platform: user.platform,
    status: user.status,
  };
  for (const friendId of user.friends) {
    const friend = sandbox.users.get(friendId);
    if (friend) fileFriend(friend, user);
  }
  if ((before.state === 'online') !== (state === 'online')) countOnlineInGroups(sandbox, user.id, state === 'online' ? 1 : -1);
  announceMove(sandbox, user, before);
  return user;
}

/** A login makes an offline user active (on the website) and keeps one in game where they are. */
export function signedIn(sandbox: Sandbox, user: UserRecord): void {
  if (user.state === 'offline') movePresence(sandbox, user, { state: 'active' });
}

/** The last session closing takes a website user offline; a user in game stays until moved. */
export function signedOut(sandbox: Sandbox, user: UserRecord): void {
  if (user.state === 'active' && sandbox.sessions.liveCount(user.id) === 0) movePresence(sandbox, user, { state: 'offline' });
}

function instanceAt(sandbox: Sandbox, location: string): InstanceRecord | undefined {
  if (PLACES.has(location)) return undefined;
  const instance = sandbox.instances.get(location);
  if (instance) return instance;
  if (/^wrld_[^:]+:.+$/.test(location)) throw new ApiError(404, messages.instanceNotFound);
  throw new ApiError(400, messages.presenceLocationInvalid);
}

const inGameLocation = (user: UserRecord) =>
  user.state === 'online' && user.location !== 'offline' && user.location ? user.location : 'private';

function leaveInstance(sandbox: Sandbox, user: UserRecord, next: string): void {
  if (user.location === next) return;
  const previous = sandbox.instances.get(user.location);
  if (previous) previous.userIds = previous.userIds.filter((id) => id !== user.id);
}

/** Only the user's own memberships: a move costs their group count, not the world's. */
function countOnlineInGroups(sandbox: Sandbox, userId: string, delta: 1 | -1): void {
  for (const member of sandbox.groupMembersByUser.get(userId)?.values() ?? []) {
    if (member.membershipStatus !== 'member') continue;
    const group = sandbox.groups.get(member.groupId);
    if (group) group.onlineMemberCount = Math.max(0, group.onlineMemberCount + delta);
  }
}

function recordRecentWorld(user: UserRecord, worldId: string): void {
  user.recentWorldIds = [worldId, ...user.recentWorldIds.filter((id) => id !== worldId)].slice(0, RECENT_WORLDS_LIMIT);
}

interface Before {
  state: UserRecord['state'];
  location: string;
  status: UserRecord['status'];
  platform: string;
}

/** friend-online/-active/-offline/-location to the friends, user-location to the user, as the real pipeline. */
function announceMove(sandbox: Sandbox, user: UserRecord, before: Before): void {
  const pipeline = sandbox.pipeline;
  const self = [user.id];
  const friendIds = user.friends.filter((id) => sandbox.users.has(id));
  // Every friend sees the same presence unless a private instance is shared: one view for them all.
  const asFriend = friendIds.length > 0 ? sandbox.users.get(friendIds[0]!)! : undefined;
  const seen = asFriend ? seenLocation(sandbox, asFriend, user) : undefined;
  const friendUser = asFriend ? userView(sandbox, asFriend, user) : undefined;
  const instance = sandbox.instances.get(user.location);
  const canRequestInvite = instance?.canRequestInvite ?? false;
  if (seen && friendUser && user.state !== before.state) {
    if (user.state === 'offline') {
      pipeline.emit({ type: 'friend-offline', to: friendIds, content: { userId: user.id, platform: before.platform } });
    } else if (user.state === 'active') {
      pipeline.emit({ type: 'friend-active', to: friendIds, content: { userid: user.id, user: friendUser, platform: user.platform } });
    } else {
      pipeline.emit({
        type: 'friend-online',
        to: friendIds,
        content: {
          userId: user.id,
          user: friendUser,
          location: seen.location,
          instanceId: seen.instanceId === 'private' ? '' : seen.instanceId,
          worldId: seen.worldId,
          canRequestInvite,
          platform: user.platform,
        },
      });
    }
  } else if (seen && friendUser && user.state === 'online' && user.location !== before.location) {
    const hidden = seen.location === 'private';
    pipeline.emit({
      type: 'friend-location',
      to: friendIds,
      content: {
        userId: user.id,
        user: friendUser,
        location: seen.location,
        instance: hidden ? '' : user.instanceId,
        worldId: hidden ? 'private' : user.worldId,
        canRequestInvite,
        travelingToLocation: user.travelingToLocation,
      },
    });
  } else if (friendUser && user.status !== before.status) {
    pipeline.emit({ type: 'friend-update', to: friendIds, content: { userId: user.id, user: friendUser } });
  }
  if (user.location !== before.location) {
    pipeline.emit({
      type: 'user-location',
      to: self,
      content: {
        userId: user.id,
        user: userView(sandbox, user, user),
        location: user.location,
        instance: user.instanceId,
        worldId: user.worldId,
        travelingToLocation: user.travelingToLocation,
      },
    });
  }
}
