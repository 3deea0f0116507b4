import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { LimitedUserSearch, User } from '../../store/records/people.js';
import { queryInt } from '../../schema/query.js';
import { UserStatus, type UserRecord } from '../../store/records/user.js';
import { lazy } from '../../schema/lazy.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from './find-user.js';
import { EmailSchema, normalizeEmail } from '../authentication/public.js';
import { isBlockedBy } from '../playermoderation/public.js';
import { limitedSearchView, shownBadges, userView } from './views.js';
import { editedTags } from './tags.js';
import { announceUpdate } from './announce.js';

export function getUser(sandbox: Sandbox, viewer: UserRecord, userId: string): User {
  return userView(sandbox, viewer, findUser(sandbox, userId));
}

/**
 * By login name, case-insensitively (the real API also answers a display name's user). The live service
 * no longer tells anyone else a user's login name: only an admin may ask (conformance: get-user-by-name).
 */
export function getUserByName(sandbox: Sandbox, viewer: UserRecord, username: string): User {
  if (!viewer.isAdmin) throw new ApiError(403, messages.invalidAdminCredentials);
  const userId = sandbox.userLogins.get(username.toLowerCase());
  const user = userId ? sandbox.users.get(userId) : undefined;
  if (!user) throw new ApiError(404, messages.userNotFound(username));
  return userView(sandbox, viewer, user);
}

const SearchQuerySchema = lazy(() =>
  z.object({
    search: z.string().default(''),
    developerType: z.enum(['none', 'trusted', 'internal', 'moderator']).optional(),
    offset: queryInt(0).default(0),
  }),
);

/** The page size as the real API checks it, with its messages. */
function pageSize(raw: string | undefined): number {
  if (raw === undefined) return 60;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ApiError(400, messages.usersPageInvalid(raw));
  if (n > 100) throw new ApiError(400, messages.usersPageTooLarge(raw));
  return n;
}

/**
 * Users whose display name contains `search` (case-insensitive), in the world's order, leaving out
 * the requester's blocked users. Stops once the page is full.
 */
export function searchUsers(sandbox: Sandbox, viewer: UserRecord, query: Record<string, string>): LimitedUserSearch[] {
  const n = pageSize(query.n);
  const q = parseInput(SearchQuerySchema, query);
  const needle = q.search.toLowerCase();
  const page: LimitedUserSearch[] = [];
  let skipped = 0;
  for (const user of sandbox.users.values()) {
    if (page.length >= n) break;
    if (needle && !user.displayName.toLowerCase().includes(needle)) continue;
    if (q.developerType && user.developerType !== q.developerType) continue;
    if (isBlockedBy(sandbox, viewer.id, user.id)) continue;
    if (skipped < q.offset) skipped++;
    else page.push(limitedSearchView(sandbox, viewer, user));
  }
  return page;
}

const UpdateUserSchema = lazy(() =>
  z.strictObject({
    status: UserStatus.optional(),
    statusDescription: z.string().max(32).optional(),
    bio: z.string().max(512).optional(),
    bioLinks: z.array(z.string().url()).max(3).optional(),
    pronouns: z.string().max(32).optional(),
    userIcon: z.string().optional(),
    tags: z.array(z.string().min(1)).optional(),
    contentFilters: z.array(z.string().min(1)).optional(),
    isBoopingEnabled: z.boolean().optional(),
    unsubscribe: z.boolean().optional(),
    hasSharedConnectionsOptOut: z.boolean().optional(),
    hasDiscordFriendsOptOut: z.boolean().optional(),
    acceptedTOSVersion: z.number().int().min(0).optional(),
    birthday: z.iso.date().optional(),
    displayName: z.string().min(4).max(15).optional(),
    email: EmailSchema().optional(),
    password: z.string().min(8).optional(),
    currentPassword: z.string().optional(),
    revertDisplayName: z.boolean().optional(),
  }),
);

/**
 * Changes a user's own profile (an admin may change anyone's). Name, email and password changes need
 * the current password. Friends get friend-update, the user user-update. Another user's id is refused
 * before it is looked up, whether or not such a user exists.
 */
export function updateUser(sandbox: Sandbox, actor: UserRecord, userId: string, body: unknown): UserRecord {
  if (userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.userUpdateForbidden);
  const user = findUser(sandbox, userId);
  const { currentPassword, password, email, displayName, birthday, revertDisplayName, ...fields } = parseInput(UpdateUserSchema, body);
  const sensitive = password !== undefined || email !== undefined || displayName !== undefined;
  if (sensitive && !actor.isAdmin) {
    if (currentPassword === undefined) throw new ApiError(400, messages.currentPasswordRequired);
    if (currentPassword !== user.password) throw new ApiError(400, messages.currentPasswordWrong);
  }
  const now = isoNow(sandbox.clock);
  if (email !== undefined && email !== normalizeEmail(user.email)) {
    if (sandbox.userLogins.has(email)) throw new ApiError(400, messages.emailTaken);
    sandbox.userLogins.delete(user.email.toLowerCase());
    sandbox.userLogins.set(email, user.id);
    user.email = email;
  }
  if (password !== undefined) user.password = password;
  if (displayName !== undefined && displayName !== user.displayName) {
    user.pastDisplayNames = [...user.pastDisplayNames, { displayName: user.displayName, reverted: false, updated_at: now }];
    user.displayName = displayName;
  }
  if (birthday !== undefined) user.hasBirthday = true;
  if (fields.statusDescription !== undefined)
    user.statusHistory = [fields.statusDescription, ...user.statusHistory.filter((s) => s !== fields.statusDescription)].slice(0, 20);
  if (fields.pronouns !== undefined && fields.pronouns !== user.pronouns) user.pronounsHistory = [...user.pronounsHistory, fields.pronouns];
  if (fields.tags !== undefined) fields.tags = editedTags(actor, user, fields.tags);
  Object.assign(user, fields);
  if (fields.status !== undefined) user.presence = { ...user.presence, status: fields.status };
  user.updated_at = now;
  announceUpdate(sandbox, user);
  return user;
}

/** What anyone may see of a user's profile page (PublicProfile). */
export function publicProfile(sandbox: Sandbox, viewer: UserRecord, userId: string) {
  const user = findUser(sandbox, userId);
  const represented = [...(sandbox.groupMembersByUser.get(user.id)?.values() ?? [])].find(
    (m) => m.isRepresenting && m.membershipStatus === 'member',
  );
  const group = represented ? sandbox.groups.get(represented.groupId) : undefined;
  return {
    id: user.id,
    displayName: user.displayName,
    bio: user.bio,
    bioLinks: user.bioLinks,
    pronouns: user.pronouns,
    ageVerificationStatus: user.ageVerificationStatus,
    ageVerified: user.ageVerified,
    badges: shownBadges(user),
    bannerColor: user.bannerColor,
    bannerType: user.bannerType,
    iconFrame: user.iconFrame,
    iconUrl: user.iconUrl,
    nameplateEffect: user.nameplateEffect,
    profileEffect: user.profileEffect,
    isEconomyCreator: user.isEconomyCreator,
    hasVrcPlus: user.tags.includes('system_supporter'),
    languages: user.tags.filter((t) => t.startsWith('language_')).map((t) => t.slice('language_'.length)),
    trustTags: user.tags.filter((t) => t.startsWith('system_trust_')),
    representedGroup: group ? { id: group.id, name: group.name, iconUrl: group.iconUrl, bannerUrl: group.bannerUrl } : null,
  };
}

/** What the viewer may see of where a user is (PrivateProfile): the presence rules of GET /users/{userId}. */
export function privateProfile(sandbox: Sandbox, viewer: UserRecord, userId: string) {
  const user = userView(sandbox, viewer, findUser(sandbox, userId));
  return {
    id: user.id,
    isFriend: user.isFriend,
    note: user.note,
    status: user.status,
    statusDescription: user.statusDescription,
    activity: {
      state: user.state,
      location: user.location,
      worldId: user.worldId,
      instanceId: user.instanceId,
      platform: user.platform,
      travelingToLocation: user.travelingToLocation,
      travelingToWorld: user.travelingToWorld,
      travelingToInstance: user.travelingToInstance,
      last_activity: user.last_activity,
      last_login: user.last_login,
    },
  };
}
