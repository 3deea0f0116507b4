import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

/** What every view of a user shows of the avatar they wear. */
export interface WornAvatar {
  currentAvatarImageUrl: string;
  currentAvatarThumbnailImageUrl: string;
  currentAvatarTags: string[];
}

const NO_AVATAR: WornAvatar = Object.freeze({
  currentAvatarImageUrl: '',
  currentAvatarThumbnailImageUrl: '',
  currentAvatarTags: Object.freeze([]) as unknown as string[],
});

/** Read from the avatar record at each view, so selecting or editing an avatar shows on the next read. */
export function wornAvatar(sandbox: Sandbox, user: UserRecord): WornAvatar {
  const avatar = user.currentAvatar === '' ? undefined : sandbox.avatars.get(user.currentAvatar);
  if (!avatar) return NO_AVATAR;
  return {
    currentAvatarImageUrl: avatar.imageUrl,
    currentAvatarThumbnailImageUrl: avatar.thumbnailImageUrl,
    currentAvatarTags: avatar.tags,
  };
}
