import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { AvatarRecordSchema, AvatarReleaseStatus, type AvatarRecord } from '../../store/records/avatars.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { unitySortNumber, unityVersionText } from '../../store/records/unity-package.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { currentUserView } from '../authentication/public.js';
import { findAvatar } from './avatars.js';
import { wornAvatar } from '../users/public.js';
import { guardGrowth } from '../../store/growth.js';

const PLATFORMS = ['android', 'ios', 'standalonewindows'] as const;
/** The tag an avatar needs before anyone may pick it as their fallback (shown where theirs cannot load). */
export const FALLBACK_TAG = 'author_quest_fallback';

const avatarFields = () => ({
  assetUrl: z.string(),
  description: z.string().min(1),
  imageUrl: z.string().min(1),
  name: z.string().min(1).max(64),
  releaseStatus: AvatarReleaseStatus,
  tags: z.array(z.string().min(1)).max(20),
  unityPackageUrl: z.string(),
  unityVersion: unityVersionText(),
  version: z.number().int().min(0),
  featured: z.boolean(),
});

export const CreateAvatarRequestSchema = lazy(() =>
  z
    .object({ ...avatarFields(), id: idOf('avtr'), platform: z.enum(PLATFORMS), thumbnailImageUrl: z.string().min(1) })
    .partial()
    .required({ imageUrl: true, name: true }),
);
export const UpdateAvatarRequestSchema = lazy(() => z.object({ ...avatarFields(), id: idOf('avtr') }).partial());

function ownAvatar(sandbox: Sandbox, actor: UserRecord, avatarId: string, missing = 404): AvatarRecord {
  const avatar = findAvatar(sandbox, actor, avatarId, missing);
  if (avatar.authorId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.avatarNotYours);
  return avatar;
}

/** POST /avatars: the requester's avatar, private unless said otherwise; only admins feature one. */
export function createAvatar(sandbox: Sandbox, actor: UserRecord, body: unknown): AvatarRecord {
  const request = parseInput(CreateAvatarRequestSchema, body);
  if (request.featured && !actor.isAdmin) throw new ApiError(401, messages.avatarFeaturedNotAdmin);
  if (request.id !== undefined && sandbox.avatars.get(request.id)) throw new ApiError(400, messages.avatarIdTaken(request.id));
  const now = isoNow(sandbox.clock);
  const version = request.unityVersion ?? '2022.3.22f1';
  const avatar = AvatarRecordSchema.parse({
    id: request.id ?? newId('avtr'),
    authorId: actor.id,
    authorName: actor.displayName,
    name: request.name,
    description: request.description ?? '',
    imageUrl: request.imageUrl,
    thumbnailImageUrl: request.thumbnailImageUrl ?? request.imageUrl,
    assetUrl: request.assetUrl ?? '',
    unityPackageUrl: request.unityPackageUrl ?? '',
    releaseStatus: request.releaseStatus ?? 'private',
    featured: request.featured ?? false,
    version: request.version ?? 1,
    tags: request.tags ?? [],
    created_at: now,
    updated_at: now,
    unityPackages: [
      {
        id: newId('unp'),
        platform: request.platform ?? 'standalonewindows',
        unityVersion: version,
        unitySortNumber: unitySortNumber(version),
        assetUrl: request.assetUrl || null,
        created_at: now,
      },
    ],
  });
  guardGrowth(sandbox, 'avatars', actor.id);
  sandbox.avatars.add(avatar);
  return avatar;
}

/** PUT /avatars/{id}: its author changes what the request names. An avatar that is not there is 400, as live. */
export function updateAvatar(sandbox: Sandbox, actor: UserRecord, avatarId: string, body: unknown): AvatarRecord {
  const request = parseInput(UpdateAvatarRequestSchema, body);
  const avatar = ownAvatar(sandbox, actor, avatarId, 400);
  if (request.featured !== undefined && !actor.isAdmin) throw new ApiError(401, messages.avatarFeaturedNotAdmin);
  if (request.name !== undefined && request.name !== avatar.name) {
    avatar.name = request.name;
    sandbox.avatars.renamed(avatar.id);
  }
  if (request.description !== undefined) avatar.description = request.description;
  if (request.imageUrl !== undefined) avatar.imageUrl = avatar.thumbnailImageUrl = request.imageUrl;
  if (request.releaseStatus !== undefined) avatar.releaseStatus = request.releaseStatus;
  if (request.tags !== undefined) avatar.tags = [...new Set(request.tags)];
  if (request.featured !== undefined) avatar.featured = request.featured;
  if (request.assetUrl !== undefined) avatar.assetUrl = request.assetUrl;
  if (request.unityPackageUrl !== undefined) avatar.unityPackageUrl = request.unityPackageUrl;
  if (request.version !== undefined) avatar.version = request.version;
  avatar.updated_at = isoNow(sandbox.clock);
  return avatar;
}

/** DELETE /avatars/{id}: gone from every list and read; the response is the avatar as it was. */
export function deleteAvatar(sandbox: Sandbox, actor: UserRecord, avatarId: string): AvatarRecord {
  const avatar = ownAvatar(sandbox, actor, avatarId);
  sandbox.avatars.delete(avatar.id);
  return avatar;
}

/** What a friend's client is told of a user whose look changed. */
function friendUpdate(sandbox: Sandbox, user: UserRecord) {
  return {
    userId: user.id,
    user: {
      id: user.id,
      displayName: user.displayName,
      ...wornAvatar(sandbox, user),
      profilePicOverride: user.profilePicOverride,
      userIcon: user.userIcon,
      status: user.status,
      statusDescription: user.statusDescription,
      tags: user.tags,
    },
  };
}

/** The user now wears the avatar: their CurrentUser and friends' views change, and both are told over the pipeline. */
function wear(sandbox: Sandbox, user: UserRecord, avatar: AvatarRecord, field: 'currentAvatar' | 'fallbackAvatar'): UserRecord {
  user[field] = avatar.id;
  user.updated_at = isoNow(sandbox.clock);
  sandbox.pipeline.emit({ type: 'user-update', to: [user.id], content: { userId: user.id, user: currentUserView(sandbox, user) } });
  sandbox.pipeline.emit({ type: 'friend-update', to: user.friends, content: friendUpdate(sandbox, user) });
  return user;
}

/** An avatar the actor may wear: any public one, or their own; someone else's private or hidden one is 403. */
function wearable(sandbox: Sandbox, actor: UserRecord, avatarId: string): AvatarRecord {
  const avatar = sandbox.avatars.get(avatarId);
  if (!avatar) throw new ApiError(404, messages.avatarNotFound);
  if (avatar.releaseStatus !== 'public' && avatar.authorId !== actor.id && !actor.isAdmin) {
    throw new ApiError(403, messages.avatarPrivateOfOther);
  }
  return avatar;
}

/** PUT /avatars/{id}/select: the actor now wears the avatar. */
export function selectAvatar(sandbox: Sandbox, actor: UserRecord, avatarId: string): UserRecord {
  return wear(sandbox, actor, wearable(sandbox, actor, avatarId), 'currentAvatar');
}

/** PUT /avatars/{id}/selectFallback: as select, for an avatar tagged as a fallback. */
export function selectFallbackAvatar(sandbox: Sandbox, actor: UserRecord, avatarId: string): UserRecord {
  const avatar = wearable(sandbox, actor, avatarId);
  if (!avatar.tags.includes(FALLBACK_TAG)) throw new ApiError(403, messages.avatarNotFallback);
  return wear(sandbox, actor, avatar, 'fallbackAvatar');
}

/** GET /users/{userId}/avatar: one's own current avatar; another user's only to an admin. */
export function currentAvatarOf(sandbox: Sandbox, actor: UserRecord, userId: string): AvatarRecord {
  if (userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.avatarOfOtherUser);
  const user = sandbox.users.get(userId);
  if (!user) throw new ApiError(404, messages.userNotFound(userId));
  const avatar = sandbox.avatars.get(user.currentAvatar);
  if (!avatar) throw new ApiError(404, messages.avatarNotFound);
  return avatar;
}

/** POST /avatars/{id}/impostor/enqueue: impostor generation, done at once here; answers its ServiceStatus. */
export function enqueueImpostor(sandbox: Sandbox, actor: UserRecord, avatarId: string) {
  const avatar = ownAvatar(sandbox, actor, avatarId);
  const now = isoNow(sandbox.clock);
  for (const unityPackage of avatar.unityPackages) {
    unityPackage.impostorUrl = `https://assets.example.test/impostors/${avatar.id}/${unityPackage.platform}.vrca`;
    unityPackage.impostorizerVersion = '1';
  }
  avatar.updated_at = now;
  return {
    created_at: now,
    id: newId('svc'),
    progress: [],
    requesterUserId: actor.id,
    state: 'succeeded',
    subjectId: avatar.id,
    subjectType: 'avatar',
    type: 'impostor',
    updated_at: now,
  };
}

/** DELETE /avatars/{id}/impostor: the avatar's impostors go. */
export function deleteImpostors(sandbox: Sandbox, actor: UserRecord, avatarId: string): void {
  const avatar = ownAvatar(sandbox, actor, avatarId);
  for (const unityPackage of avatar.unityPackages) {
    unityPackage.impostorUrl = null;
    unityPackage.impostorizerVersion = '';
  }
  avatar.updated_at = isoNow(sandbox.clock);
}

/** GET /avatars/impostor/queue/stats: generation is immediate, so nothing waits. */
export const impostorQueueStats = () => ({ estimatedServiceDurationSeconds: 0 });
