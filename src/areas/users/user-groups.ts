import * as z from 'zod';
import type { GroupMemberRecord, GroupRecord } from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { findUser } from './find-user.js';
import { groupPermissions, groupView } from '../groups/public.js';
import { areFriends, limitedFriendView } from './views.js';
import { parseInput } from '../../http/validation.js';
import { wornAvatar } from './worn-avatar.js';
import { splitEntries } from '../../schema/query.js';

const MutualsQuerySchema = lazy(() => z.object(pageParams()));

/** A user's memberships, in the order they were made, with their groups. */
function memberships(sandbox: Sandbox, userId: string, status: GroupMemberRecord['membershipStatus'] = 'member') {
  const found: { member: GroupMemberRecord; group: GroupRecord }[] = [];
  for (const member of sandbox.groupMembersByUser.get(userId)?.values() ?? []) {
    const group = sandbox.groups.get(member.groupId);
    if (group && member.membershipStatus === status) found.push({ member, group });
  }
  return found;
}

/** A group as a member's list shows it (LimitedUserGroups); `mutualGroup` says whether the viewer is in it too. */
function limitedUserGroup(sandbox: Sandbox, viewer: UserRecord, member: GroupMemberRecord, group: GroupRecord) {
  const {
    bannerId,
    bannerUrl,
    description,
    discriminator,
    iconId,
    iconUrl,
    lastPostCreatedAt,
    memberCount,
    name,
    ownerId,
    privacy,
    shortCode,
  } = group;
  return {
    id: member.id,
    groupId: group.id,
    name,
    shortCode,
    discriminator,
    description,
    iconId,
    iconUrl,
    bannerId,
    bannerUrl,
    privacy,
    ownerId,
    memberCount,
    lastPostCreatedAt,
    isRepresenting: member.isRepresenting,
    memberVisibility: member.visibility,
    lastPostReadAt: member.lastPostReadAt,
    mutualGroup: sandbox.groupMembersByGroup.get(group.id)?.get(viewer.id)?.membershipStatus === 'member',
  };
}

/**
 * The groups a user is a member of. Another viewer sees only memberships the member left visible
 * (`visibility: visible`, or `friends` to their friends); the user themselves sees all.
 */
export function userGroups(sandbox: Sandbox, viewer: UserRecord, userId: string) {
  const user = findUser(sandbox, userId);
  return memberships(sandbox, user.id)
    .filter(
      ({ member }) =>
        viewer.id === user.id || member.visibility === 'visible' || (member.visibility === 'friends' && areFriends(viewer, user)),
    )
    .map(({ member, group }) => limitedUserGroup(sandbox, viewer, member, group));
}

/** The group the user represents, or an empty object when none (as the real API answers). */
export function representedGroup(sandbox: Sandbox, viewer: UserRecord, userId: string) {
  const user = findUser(sandbox, userId);
  const found = memberships(sandbox, user.id).find(({ member }) => member.isRepresenting);
  if (!found) return {};
  const {
    id: _memberId,
    mutualGroup: _mutual,
    lastPostCreatedAt: _a,
    lastPostReadAt: _b,
    ...group
  } = limitedUserGroup(sandbox, viewer, found.member, found.group);
  return group;
}

/** The groups the user has blocked (only the user, or an admin, may read them). */
export function blockedGroups(sandbox: Sandbox, viewer: UserRecord, userId: string) {
  const user = findUser(sandbox, userId);
  if (viewer.id !== user.id && !viewer.isAdmin) return [];
  return memberships(sandbox, user.id, 'userblocked').map(({ group }) => groupView(sandbox, group, user.id));
}

/**
 * groupId -> the permissions the user holds there, for every group they are a member of (or the ones
 * named, by `groupIds=a,b` or `groupIds=a&groupIds=b`).
 */
export function allGroupPermissions(sandbox: Sandbox, viewer: UserRecord, userId: string, groupIds?: readonly string[]) {
  const user = findUser(sandbox, userId);
  const named = groupIds?.flatMap(splitEntries) ?? [];
  const wanted = named.length > 0 ? new Set(named) : undefined;
  const result: Record<string, string[]> = {};
  for (const { member, group } of memberships(sandbox, user.id)) {
    if (!wanted || wanted.has(group.id)) result[group.id] = groupPermissions(group, user.id, member);
  }
  return result;
}

const mutualFriendIds = (sandbox: Sandbox, viewer: UserRecord, user: UserRecord) =>
  viewer.id === user.id ? [] : user.friends.filter((id) => id !== viewer.id && viewer.friends.includes(id) && sandbox.users.has(id));

const mutualGroupEntries = (sandbox: Sandbox, viewer: UserRecord, user: UserRecord) =>
  viewer.id === user.id
    ? []
    : memberships(sandbox, user.id).filter(
        ({ group }) => sandbox.groupMembersByGroup.get(group.id)?.get(viewer.id)?.membershipStatus === 'member',
      );

export function mutuals(sandbox: Sandbox, viewer: UserRecord, userId: string) {
  const user = findUser(sandbox, userId);
  return { friends: mutualFriendIds(sandbox, viewer, user).length, groups: mutualGroupEntries(sandbox, viewer, user).length };
}

export function mutualFriends(sandbox: Sandbox, viewer: UserRecord, userId: string, query: unknown = {}) {
  const { n, offset } = parseInput(MutualsQuerySchema, query);
  const user = findUser(sandbox, userId);
  return mutualFriendIds(sandbox, viewer, user)
    .slice(offset, offset + n)
    .map((id) => {
      const friend = sandbox.users.get(id)!;
      const { displayName, profilePicOverride, status, statusDescription } = friend;
      const { currentAvatarImageUrl, currentAvatarThumbnailImageUrl, currentAvatarTags } = wornAvatar(sandbox, friend);
      return {
        id,
        displayName,
        currentAvatarImageUrl,
        currentAvatarThumbnailImageUrl,
        currentAvatarTags,
        profilePicOverride,
        status,
        statusDescription,
        imageUrl: limitedFriendView(sandbox, viewer, friend).imageUrl,
        avatarThumbnail: currentAvatarThumbnailImageUrl,
      };
    });
}

export function mutualGroups(sandbox: Sandbox, viewer: UserRecord, userId: string, query: unknown = {}) {
  const { n, offset } = parseInput(MutualsQuerySchema, query);
  const user = findUser(sandbox, userId);
  return mutualGroupEntries(sandbox, viewer, user)
    .slice(offset, offset + n)
    .map(({ member, group }) => limitedUserGroup(sandbox, viewer, member, group));
}
