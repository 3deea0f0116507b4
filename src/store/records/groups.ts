import * as z from 'zod';
import { count, flag, idOf, strings, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/** The OpenAPI GroupPermissions; `*` grants every one of them. */
export const GROUP_PERMISSIONS = [
  '*',
  'group-announcement-manage',
  'group-audit-view',
  'group-bans-manage',
  'group-calendar-manage',
  'group-data-manage',
  'group-default-role-manage',
  'group-galleries-manage',
  'group-instance-age-gated-create',
  'group-instance-announcement-create',
  'group-instance-bypass-avatar-performance',
  'group-instance-calendar-link',
  'group-instance-join',
  'group-instance-manage',
  'group-instance-moderate',
  'group-instance-open-create',
  'group-instance-plus-create',
  'group-instance-plus-portal',
  'group-instance-plus-portal-unlocked',
  'group-instance-public-create',
  'group-instance-queue-priority',
  'group-instance-restricted-create',
  'group-invites-manage',
  'group-members-manage',
  'group-members-remove',
  'group-members-viewall',
  'group-roles-assign',
  'group-roles-manage',
] as const;
export const GroupPermission = lazy(() => z.enum(GROUP_PERMISSIONS));
export type GroupPermission = z.infer<typeof GroupPermission>;

export const GroupMemberStatus = lazy(() => z.enum(['banned', 'inactive', 'invited', 'member', 'requested', 'userblocked']));
export type GroupMemberStatus = z.infer<typeof GroupMemberStatus>;
export const GroupJoinState = lazy(() => z.enum(['closed', 'invite', 'open', 'request']));
export const GroupPrivacy = lazy(() => z.enum(['default', 'private']));
export const GroupUserVisibility = lazy(() => z.enum(['friends', 'hidden', 'visible']));

const roleIds = () => z.array(idOf('grol')).default(() => []);
const nullableText = () => z.string().nullable().default(null);

export const GroupRoleSchema = lazy(() =>
  z.object({
    id: idOf('grol'),
    groupId: idOf('grp'),
    name: z.string(),
    description: text(),
    order: count(),
    permissions: z.array(GroupPermission).default(() => []),
    productId: idOf('prod').nullable().default(null),
    /** Every member holds the default role without it being listed in their roleIds. */
    defaultRole: flag(),
    isAddedOnJoin: flag(),
    isManagementRole: flag(),
    isSelfAssignable: flag(),
    requiresPurchase: flag(),
    requiresTwoFactor: flag(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type GroupRole = z.infer<typeof GroupRoleSchema>;

export const GroupGallerySchema = lazy(() =>
  z.object({
    id: idOf('ggal'),
    name: z.string().min(1),
    description: text(),
    membersOnly: flag(),
    roleIdsToAutoApprove: roleIds(),
    roleIdsToManage: roleIds(),
    roleIdsToSubmit: roleIds(),
    roleIdsToView: roleIds(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type GroupGallery = z.infer<typeof GroupGallerySchema>;

/** A group as stored: roles and galleries inline. Who is looking decides membershipStatus and myMember. */
export const GroupRecordSchema = lazy(() =>
  z.object({
    id: idOf('grp'),
    ownerId: idOf('usr'),
    transferTargetId: idOf('usr').nullable().default(null),
    name: z.string(),
    description: text(),
    discriminator: z.string().default('0000'),
    shortCode: z.string(),
    rules: nullableText(),
    privacy: GroupPrivacy.default('default'),
    joinState: GroupJoinState.default('open'),
    bannerId: nullableText(),
    bannerUrl: nullableText(),
    iconId: nullableText(),
    iconUrl: nullableText(),
    ageVerificationBetaCode: text(),
    storeId: idOf('esto').nullable().default(null),
    nameplateId: nullableText(),
    nameplateUrl: nullableText(),
    ageVerificationBetaSlots: count(),
    /** Recounted from the members when a sandbox is built, then kept current by every join and leave. */
    memberCount: count(),
    onlineMemberCount: count(),
    ageVerificationSlotsAvailable: flag(),
    allowGroupJoinPrompt: flag(),
    isVerified: flag(),
    badges: strings(),
    languages: strings(),
    links: strings(),
    tags: strings(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    lastPostCreatedAt: nullableText(),
    memberCountSyncedAt: timestamp(),
    galleries: z.array(GroupGallerySchema).default(() => []),
    roles: z.array(GroupRoleSchema).default(() => []),
  }),
);
export type GroupRecord = z.infer<typeof GroupRecordSchema>;

/** One user's relation to one group (a member, or an invite, request, ban or block). */
export const GroupMemberRecordSchema = lazy(() =>
  z.object({
    id: idOf('gmem'),
    groupId: idOf('grp'),
    userId: idOf('usr'),
    acceptedByDisplayName: nullableText(),
    acceptedById: nullableText(),
    managerNotes: z.string().nullable().default(''),
    membershipStatus: GroupMemberStatus.default('member'),
    visibility: GroupUserVisibility.default('visible'),
    bannedAt: nullableText(),
    createdAt: timestamp(),
    joinedAt: z.string().nullable().default(null),
    lastPostReadAt: nullableText(),
    has2FA: flag(),
    hasJoinedFromPurchase: flag(),
    isRepresenting: flag(),
    isSubscribedToAnnouncements: flag(true),
    isSubscribedToEventAnnouncements: flag(true),
    mRoleIds: roleIds(),
    roleIds: roleIds(),
  }),
);
export type GroupMemberRecord = z.infer<typeof GroupMemberRecordSchema>;

/** The requester's own membership inside a Group: the member fields plus what their roles grant. */
/** The viewer's own membership. The description has managerNotes and joinedAt as optional, never null: left out when unknown. */
export const GroupMyMemberSchema = lazy(() =>
  GroupMemberRecordSchema.extend({
    permissions: z.array(GroupPermission),
    managerNotes: z.string().optional(),
    joinedAt: z.string().optional(),
  }),
);
export type GroupMyMember = z.infer<typeof GroupMyMemberSchema>;

export const GroupMemberUserSchema = lazy(() =>
  z.object({
    bannerColor: z.string(),
    bannerType: z.string(),
    bannerUrl: z.string(),
    displayName: z.string(),
    iconFrame: z.string(),
    iconUrl: z.string(),
    id: idOf('usr'),
    nameplateEffect: z.string(),
    profileEffect: z.string(),
  }),
);

/** The update-member response: the member with a short form of its user. */
export const GroupMemberSchema = lazy(() => GroupMemberRecordSchema.extend({ user: GroupMemberUserSchema }));
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** A Group as one requester reads it. */
export const GroupSchema = lazy(() =>
  GroupRecordSchema.extend({
    membershipStatus: GroupMemberStatus,
    myMember: GroupMyMemberSchema.nullable(),
  }),
);
export type Group = z.infer<typeof GroupSchema>;

/** A Group inside a list: its roles leave out productId, as the real lists do. */
export const GroupListItemSchema = lazy(() =>
  GroupSchema.extend({
    roles: z.array(GroupRoleSchema.omit({ productId: true })),
  }),
);
export type GroupListItem = z.infer<typeof GroupListItemSchema>;
