import { viewOf } from '../../schema/view.js';
import {
  LimitedUserFriendSchema,
  LimitedUserSearchSchema,
  UserSchema,
  type LimitedUserFriend,
  type LimitedUserSearch,
  type User,
} from '../../store/records/people.js';
import type { UserBadge, UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { wornAvatar } from './worn-avatar.js';

/** Where a user is, as one viewer may see it. */
export interface SeenLocation {
  state: UserRecord['state'];
  location: string;
  worldId: string;
  instanceId: string;
  platform: string;
  travelingToLocation: string;
  travelingToWorld: string;
  travelingToInstance: string;
}

export const areFriends = (a: UserRecord, b: UserRecord) => a.id === b.id || a.friends.includes(b.id);

const HIDDEN: SeenLocation = {
  state: 'offline',
  location: 'offline',
  worldId: 'offline',
  instanceId: 'offline',
  platform: '',
  travelingToLocation: '',
  travelingToWorld: '',
  travelingToInstance: '',
};
const PRIVATE = { location: 'private', worldId: 'private', instanceId: 'private' };

/**
 * The presence rules: a user sees themselves as they are; a friend sees state, location and
 * platform, with `private` for an invite-only instance they are not in; anyone else sees every
 * user as offline (`location`, `worldId` and `instanceId` all "offline", no platform).
 */
export function seenLocation(sandbox: Sandbox, viewer: UserRecord, user: UserRecord): SeenLocation {
  if (viewer.id !== user.id && !areFriends(viewer, user)) return HIDDEN;
  const seen: SeenLocation = {
    state: user.state,
    location: user.location || 'offline',
    worldId: user.worldId || user.location || 'offline',
    instanceId: user.instanceId || user.location || 'offline',
    platform: user.state === 'offline' ? '' : user.platform,
    travelingToLocation: user.travelingToLocation,
    travelingToWorld: user.travelingToWorld,
    travelingToInstance: user.travelingToInstance,
  };
  if (viewer.id === user.id) return seen;
  const instance = sandbox.instances.get(user.location);
  if (instance?.type === 'private' && viewer.location !== user.location) return { ...seen, ...PRIVATE };
  return seen;
}

/** The badges a profile shows: those its holder showcases and has not hidden. */
export const shownBadges = (user: UserRecord): UserBadge[] => user.badges.filter((b) => b.showcased && !b.hidden);

const makeUser = viewOf('User', UserSchema, {
  computed: [
    'badges',
    'isFriend',
    'friendKey',
    'friendRequestStatus',
    'note',
    'state',
    'location',
    'worldId',
    'instanceId',
    'platform',
    'travelingToLocation',
    'travelingToWorld',
    'travelingToInstance',
    'last_login',
    'last_activity',
    'currentAvatarImageUrl',
    'currentAvatarThumbnailImageUrl',
    'currentAvatarTags',
  ],
});

/** The User a viewer reads of another (or themselves): presence by seenLocation. */
export function userView(sandbox: Sandbox, viewer: UserRecord, user: UserRecord): User {
  const seen = seenLocation(sandbox, viewer, user);
  const friend = viewer.id !== user.id && areFriends(viewer, user);
  return makeUser(user, {
    ...seen,
    ...wornAvatar(sandbox, user),
    badges: shownBadges(user),
    isFriend: friend,
    friendKey: friend ? user.friendKey : '',
    friendRequestStatus: friendRequestStatus(sandbox, viewer, user),
    note: noteOf(sandbox, viewer, user),
    last_login: friend || viewer.id === user.id ? user.last_login : '',
    last_activity: friend || viewer.id === user.id ? user.last_activity : '',
  });
}

function friendRequestStatus(sandbox: Sandbox, viewer: UserRecord, user: UserRecord): string {
  if (viewer.id === user.id) return '';
  if (areFriends(viewer, user)) return 'completed';
  if (pendingRequest(sandbox, viewer.id, user.id)) return 'outgoing';
  if (pendingRequest(sandbox, user.id, viewer.id)) return 'incoming';
  return 'null';
}

/** The friend request `from` sent `to` that is still open, if any. */
export function pendingRequest(sandbox: Sandbox, from: string, to: string) {
  for (const record of sandbox.notificationsByReceiver.get(to) ?? []) {
    if (record.type === 'friendRequest' && record.senderUserId === from) return record;
  }
  return undefined;
}

function noteOf(sandbox: Sandbox, viewer: UserRecord, user: UserRecord): string {
  for (const note of sandbox.userNotes.values()) {
    if (note.userId === viewer.id && note.targetUserId === user.id) return note.note;
  }
  return '';
}

const makeFriend = viewOf('LimitedUserFriend', LimitedUserFriendSchema, {
  computed: [
    'isFriend',
    'imageUrl',
    'location',
    'platform',
    'currentAvatarImageUrl',
    'currentAvatarThumbnailImageUrl',
    'currentAvatarTags',
  ],
});

/** An entry of the friend list: the friend's presence as friends see it. */
export function limitedFriendView(sandbox: Sandbox, viewer: UserRecord, friend: UserRecord): LimitedUserFriend {
  const seen = seenLocation(sandbox, viewer, friend);
  const avatar = wornAvatar(sandbox, friend);
  return makeFriend(friend, {
    ...avatar,
    isFriend: true,
    imageUrl: avatar.currentAvatarThumbnailImageUrl,
    location: seen.location,
    platform: seen.platform,
  });
}

const makeSearchEntry = viewOf('LimitedUserSearch', LimitedUserSearchSchema, {
  computed: ['isFriend', 'currentAvatarImageUrl', 'currentAvatarThumbnailImageUrl', 'currentAvatarTags'],
});

export function limitedSearchView(sandbox: Sandbox, viewer: UserRecord, user: UserRecord): LimitedUserSearch {
  return makeSearchEntry(user, { ...wornAvatar(sandbox, user), isFriend: viewer.id !== user.id && areFriends(viewer, user) });
}
