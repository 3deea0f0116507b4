import * as z from 'zod';
import { flag, idOf, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { AgeVerificationStatus, DeveloperType, UserState, UserStatus } from './user.js';

/** The public description's User: another user as the requester may see them. */
export const UserSchema = lazy(() =>
  z.object({
    id: idOf('usr'),
    displayName: z.string(),
    ageVerificationStatus: AgeVerificationStatus,
    ageVerified: z.boolean(),
    allowAvatarCopying: z.boolean(),
    badges: z.array(z.unknown()),
    bannerType: z.string(),
    bannerUrl: z.string(),
    bio: z.string(),
    bioLinks: z.array(z.string()),
    currentAvatarImageUrl: z.string(),
    currentAvatarTags: z.array(z.string()),
    currentAvatarThumbnailImageUrl: z.string(),
    date_joined: z.string(),
    developerType: DeveloperType,
    friendKey: z.string(),
    friendRequestStatus: z.string(),
    iconFrame: z.string(),
    iconUrl: z.string(),
    instanceId: z.string(),
    isFriend: z.boolean(),
    last_activity: z.string(),
    last_login: z.string(),
    last_mobile: z.string().nullable(),
    last_platform: z.string(),
    location: z.string(),
    nameplateEffect: z.string(),
    note: z.string(),
    platform: z.string(),
    profileEffect: z.string(),
    profilePicOverride: z.string(),
    profilePicOverrideThumbnail: z.string(),
    pronouns: z.string(),
    state: UserState,
    status: UserStatus,
    statusDescription: z.string(),
    tags: z.array(z.string()),
    travelingToInstance: z.string(),
    travelingToLocation: z.string(),
    travelingToWorld: z.string(),
    userIcon: z.string(),
    worldId: z.string(),
  }),
);
export type User = z.infer<typeof UserSchema>;

/** The fields a friend-list entry and a search entry share: what anyone may read of a user's profile. */
const limitedUserFields = () => ({
  id: idOf('usr'),
  displayName: z.string(),
  bio: z.string(),
  bioLinks: z.array(z.string()),
  currentAvatarImageUrl: z.string(),
  currentAvatarTags: z.array(z.string()),
  currentAvatarThumbnailImageUrl: z.string(),
  developerType: DeveloperType,
  isFriend: z.boolean(),
  last_platform: z.string(),
  profilePicOverride: z.string(),
  status: UserStatus,
  statusDescription: z.string(),
  tags: z.array(z.string()),
  userIcon: z.string(),
});

/** LimitedUserFriend: one entry of the friend list. */
export const LimitedUserFriendSchema = lazy(() =>
  z.object({
    ...limitedUserFields(),
    friendKey: z.string(),
    imageUrl: z.string(),
    last_activity: z.string().nullable(),
    last_login: z.string().nullable(),
    last_mobile: z.string().nullable(),
    location: z.string(),
    platform: z.string(),
    profilePicOverrideThumbnail: z.string(),
  }),
);
export type LimitedUserFriend = z.infer<typeof LimitedUserFriendSchema>;

/** LimitedUserSearch: one entry of a user search. */
export const LimitedUserSearchSchema = lazy(() =>
  z.object({
    ...limitedUserFields(),
    pronouns: z.string(),
  }),
);
export type LimitedUserSearch = z.infer<typeof LimitedUserSearchSchema>;

export const PlayerModerationType = lazy(() =>
  z.enum(['block', 'hideAvatar', 'interactOff', 'interactOn', 'mute', 'muteChat', 'showAvatar', 'unmute', 'unmuteChat']),
);
export type PlayerModerationType = z.infer<typeof PlayerModerationType>;

/** What the sandbox keeps of a player moderation; the display names are read from the users when shown. */
export const PlayerModerationRecordSchema = lazy(() =>
  z.object({
    id: idOf('pmod'),
    type: PlayerModerationType,
    sourceUserId: idOf('usr'),
    targetUserId: idOf('usr'),
    created: timestamp(),
  }),
);
export type PlayerModerationRecord = z.infer<typeof PlayerModerationRecordSchema>;

export const AvatarModerationRecordSchema = lazy(() =>
  z.object({
    userId: idOf('usr'),
    targetAvatarId: idOf('avtr'),
    avatarModerationType: z.enum(['block']).default('block'),
    created: timestamp(),
  }),
);
export type AvatarModerationRecord = z.infer<typeof AvatarModerationRecordSchema>;

export const UserNoteRecordSchema = lazy(() =>
  z.object({
    id: idOf('unt'),
    userId: idOf('usr'),
    targetUserId: idOf('usr'),
    note: z.string(),
    createdAt: timestamp(),
  }),
);
export type UserNoteRecord = z.infer<typeof UserNoteRecordSchema>;

export const ModerationReportRecordSchema = lazy(() =>
  z.object({
    id: idOf('modr'),
    type: z.string().min(1),
    category: z.string().min(1),
    reason: z.string().min(1),
    contentId: z.string().min(1),
    description: text(),
    reportingUserId: idOf('usr'),
    status: z.string().default('pending'),
    created_at: timestamp(),
  }),
);
export type ModerationReportRecord = z.infer<typeof ModerationReportRecordSchema>;

/** A v2 notification as the sandbox keeps it and answers it (the NotificationV2 shape, every field). */
export const NotificationV2RecordSchema = lazy(() =>
  z.object({
    id: z.string().min(1),
    version: z.number().int().default(2),
    type: z.string().default('group.announcement'),
    category: z.string().default('social.group'),
    isSystem: flag(),
    ignoreDND: flag(),
    senderUserId: idOf('usr'),
    senderUsername: z.string().nullable().default(null),
    receiverUserId: idOf('usr'),
    relatedNotificationsId: z.string().nullable().default(null),
    title: text(),
    titleKey: z.string().nullable().default(null),
    message: text(),
    messageKey: z.string().nullable().default(null),
    imageUrl: z.string().nullable().default(null),
    link: text(),
    linkText: text(),
    linkTextKey: z.string().nullable().default(null),
    responses: z
      .array(
        z.object({
          type: z.string(),
          data: z.string().default(''),
          icon: z.string(),
          text: z.string(),
          textKey: z.string().nullable().default(null),
        }),
      )
      .default(() => []),
    expiresAt: timestamp(),
    expiryAfterSeen: z.number().int().nullable().default(null),
    requireSeen: flag(),
    seen: flag(),
    canDelete: flag(true),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    data: z.record(z.string(), z.unknown()).default(() => ({})),
    details: z.record(z.string(), z.unknown()).default(() => ({})),
  }),
);
export type NotificationV2Record = z.infer<typeof NotificationV2RecordSchema>;

/** A message the sandbox "sent" by email, readable from the control plane's outbox. */
export const EmailRecordSchema = lazy(() =>
  z.object({
    id: z.string(),
    to: z.string(),
    userId: idOf('usr'),
    subject: z.string(),
    body: z.string(),
    /** The one-time code the message carries, if any. */
    code: z.string().nullable().default(null),
    sentAt: timestamp(),
  }),
);
export type EmailRecord = z.infer<typeof EmailRecordSchema>;

export const PresenceChangeSchema = lazy(() =>
  z.strictObject({
    state: UserState.optional(),
    location: z.string().min(1).optional(),
    platform: z.string().min(1).optional(),
    status: UserStatus.optional(),
  }),
);
export type PresenceChange = z.infer<typeof PresenceChangeSchema>;
