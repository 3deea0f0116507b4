import * as z from 'zod';
import { FIXTURE_EPOCH, flag, idOf, object, strings, text, timestamp, count } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/** A TOTP secret as authenticator apps take it: base32 letters, spaces and padding allowed. */
const isBase32 = (secret: string) => /^[A-Z2-7]+=*$/i.test(secret.replace(/\s/g, ''));

export const UserStatus = lazy(() => z.enum(['active', 'join me', 'ask me', 'busy', 'offline']));
export const UserState = lazy(() => z.enum(['online', 'active', 'offline']));
export const DeveloperType = lazy(() => z.enum(['none', 'trusted', 'internal', 'moderator']));
export const AgeVerificationStatus = lazy(() => z.enum(['hidden', 'verified', '18+']));

const PresenceSchema = lazy(() =>
  z.object({
    avatarImageUrl: text(),
    avatarThumbnail: text(),
    banner: text(),
    bannerColor: text(),
    bannerType: text(),
    bannerUrl: text(),
    currentAvatarTags: text(),
    debugflag: text(),
    displayName: text(),
    iconFrame: text(),
    iconUrl: text(),
    id: text(),
    instance: text(),
    instanceType: text(),
    isRejoining: text(),
    nameplateEffect: text(),
    platform: text(),
    profileEffect: text(),
    profilePicOverride: text(),
    status: text(),
    travelingToInstance: text(),
    travelingToWorld: text(),
    userIcon: text(),
    world: text(),
    groups: strings(),
  }),
);

/** The full CurrentUser shape of the description (section 2), every field present. */
export const CurrentUserSchema = lazy(() =>
  z.object({
    id: idOf('usr'),
    username: z.string(),
    displayName: z.string(),
    accountStanding: text(),
    ageVerificationStatus: AgeVerificationStatus.default('hidden'),
    appleId: text(),
    authToken: text(),
    bannerColor: text(),
    bannerType: text(),
    bannerUrl: text(),
    currentAvatarImageUrl: text(),
    currentAvatarThumbnailImageUrl: text(),
    developerType: DeveloperType.default('none'),
    discordId: text(),
    friendKey: text(),
    friendRequestStatus: text(),
    googleId: text(),
    iconFrame: text(),
    iconUrl: text(),
    instanceId: text(),
    last_platform: z.string().default('standalonewindows'),
    location: text(),
    nameplateEffect: text(),
    note: text(),
    obfuscatedEmail: text(),
    obfuscatedPendingEmail: text(),
    oculusId: text(),
    picoId: text(),
    platform: z.string().default('standalonewindows'),
    profileEffect: text(),
    pronouns: text(),
    queuedInstance: text(),
    state: UserState.default('offline'),
    status: UserStatus.default('active'),
    statusDescription: text(),
    steamId: text(),
    travelingToInstance: text(),
    travelingToLocation: text(),
    travelingToWorld: text(),
    twitchId: text(),
    userLanguage: z.string().default('eng'),
    userLanguageCode: z.string().default('en'),
    viveId: text(),
    currentAvatar: text(),
    fallbackAvatar: text(),
    homeLocation: text(),
    worldId: text(),
    acceptedPrivacyVersion: count(),
    acceptedTOSVersion: z.number().int().default(7),
    accountDeletionDate: z.string().nullable().default(null),
    date_joined: z.string().default(FIXTURE_EPOCH.slice(0, 10)),
    last_activity: timestamp(),
    last_login: timestamp(),
    last_mobile: z.string().nullable().default(null),
    twoFactorAuthEnabledDate: z.string().nullable().default(null),
    updated_at: timestamp(),
    ageVerified: flag(),
    allowAvatarCopying: flag(),
    allowWorldsToCountFriendsInInstance: flag(),
    emailVerified: flag(true),
    hasBirthday: flag(true),
    hasDiscordFriendsOptOut: flag(),
    hasEmail: flag(true),
    hasLoggedInFromClient: flag(),
    hasPendingEmail: flag(),
    hasSharedConnectionsOptOut: flag(),
    hideContentFilterSettings: flag(),
    isAdult: flag(true),
    isBoopingEnabled: flag(true),
    isEconomyCreator: flag(),
    isFriend: flag(),
    isTemporary: flag(),
    personalizationOptOut: flag(),
    receiveMobileInvitations: flag(),
    statusFirstTime: flag(),
    twoFactorAuthEnabled: flag(),
    unsubscribe: flag(),
    usesGeneratedPassword: flag(),
    completedTutorials: strings(),
    contentFilters: strings(),
    currentAvatarTags: strings(),
    friendGroupNames: strings(),
    pronounsHistory: strings(),
    statusHistory: strings(),
    tags: strings(),
    activeFriends: strings(),
    friends: strings(),
    offlineFriends: strings(),
    onlineFriends: strings(),
    appleDetails: object(),
    googleDetails: object(),
    steamDetails: object(),
    twitchDetails: object(),
    discordDetails: z.object({ global_name: text(), id: text() }).default(() => ({ global_name: '', id: '' })),
    temporaryExpiryDate: z.record(z.string(), z.unknown()).nullable().default(null),
    accountDeletionLog: z
      .array(z.object({ dateTime: z.string(), deletionScheduled: z.string().nullable(), message: z.string() }))
      .default(() => []),
    pastDisplayNames: z.array(z.object({ displayName: z.string(), reverted: z.boolean(), updated_at: z.string() })).default(() => []),
    platform_history: z.array(z.object({ isMobile: z.boolean(), platform: z.string(), recorded: z.string() })).default(() => []),
    presence: PresenceSchema.default(() => PresenceSchema.parse({})),
    // Required by the public description although the description lists them with the second shape.
    bio: text(),
    bioLinks: strings(),
    profilePicOverride: text(),
    profilePicOverrideThumbnail: text(),
    userIcon: text(),
  }),
);
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A badge a user holds (the description's Badge); `showcased` and `hidden` are the user's to change. */
export const UserBadgeSchema = lazy(() =>
  z.object({
    badgeId: idOf('bdg'),
    badgeName: z.string(),
    badgeDescription: text(),
    badgeImageUrl: text(),
    assignedAt: timestamp(),
    updatedAt: timestamp(),
    hidden: flag(),
    showcased: flag(),
  }),
);
export type UserBadge = z.infer<typeof UserBadgeSchema>;

/**
 * What a user shows of the avatar they wear. Views read them from the avatar in `currentAvatar`, so a
 * user record holds none of them and they cannot drift from the avatar.
 */
export const WORN_AVATAR_FIELDS = { currentAvatarImageUrl: true, currentAvatarThumbnailImageUrl: true, currentAvatarTags: true } as const;

/** What the sandbox stores of a user: the public shape, less what it shows of its avatar, plus what only the server knows. */
export const UserRecordSchema = lazy(() =>
  CurrentUserSchema.omit(WORN_AVATAR_FIELDS).extend({
    password: z.string().min(1),
    email: z.string(),
    isAdmin: flag(),
    /** Base32 TOTP secret; a user with one must finish login with a second factor. */
    totpSecret: z.string().refine(isBase32, 'must be a base32 secret (A-Z, 2-7)').optional(),
    /** The TOTP secret a setup offered (POST /auth/twofactorauth/totp/pending), until verified or cancelled. */
    pendingTotpSecret: z.string().refine(isBase32, 'must be a base32 secret (A-Z, 2-7)').optional(),
    recoveryCodes: strings(),
    /** Tokens of the login places the user verified (GET /auth/verifyLoginPlace), newest last; the server's own, never answered. */
    verifiedLoginPlaces: strings(),
    /** Without TOTP, a login of this user waits for a code sent by email (see GET /_mock/outbox). */
    emailOtp: flag(),
    /** Worlds the user entered an instance of, newest first, each once: what GET /worlds/recent lists. */
    recentWorldIds: strings(),
    /** What each DELETE /users/{userId}/tutorial recorded of X-Platform and X-Store, oldest first. */
    tutorialClears: z
      .array(z.object({ platform: z.string().nullable(), store: z.string().nullable(), clearedAt: z.string() }))
      .default(() => []),
    badges: z.array(UserBadgeSchema).default(() => []),
    /** Worlds holding player persistence data of this user (saved by the game client in those worlds). */
    persistentWorldIds: strings(),
  }),
);
export type UserRecord = z.infer<typeof UserRecordSchema>;

export const RequiresTwoFactorAuthSchema = lazy(() =>
  z.object({
    requiresTwoFactorAuth: z.array(z.enum(['totp', 'otp', 'emailOtp'])),
  }),
);
export type TutorialClear = UserRecord['tutorialClears'][number];
