import * as z from 'zod';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { GroupMemberSchema, GroupMemberStatus, GroupPermission, GroupRoleSchema } from './groups.js';

/** The OpenAPI GroupRoleTemplate values and what GET /groups/roleTemplates says of each. */
export const GROUP_ROLE_TEMPLATES = ['default', 'managedFree', 'managedInvite', 'managedRequest'] as const;
export const GroupRoleTemplate = lazy(() => z.enum(GROUP_ROLE_TEMPLATES));

/** A role a template makes beside the everyone role, as the newer public description (the conformance suite's) lists it. */
export const GroupRoleTemplateRoleSchema = lazy(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    permissions: z.array(GroupPermission),
    isAddedOnJoin: z.boolean(),
  }),
);
export type GroupRoleTemplateRole = z.infer<typeof GroupRoleTemplateRoleSchema>;

export const GroupRoleTemplateValuesSchema = lazy(() =>
  z.object({
    basePermissions: z.array(GroupPermission),
    description: z.string(),
    name: z.string(),
    roles: z.array(GroupRoleTemplateRoleSchema),
  }),
);
export type GroupRoleTemplateValues = z.infer<typeof GroupRoleTemplateValuesSchema>;

/** A group in search results (the OpenAPI LimitedGroup). */
export const LimitedGroupSchema = lazy(() =>
  z.object({
    id: idOf('grp'),
    name: z.string(),
    shortCode: z.string(),
    discriminator: z.string(),
    description: z.string(),
    iconId: z.string().nullable(),
    iconUrl: z.string().nullable(),
    bannerId: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    ownerId: idOf('usr'),
    rules: z.string().nullable(),
    memberCount: z.number().int(),
    tags: z.array(z.string()),
    createdAt: z.string(),
    membershipStatus: GroupMemberStatus,
    isSearchable: z.boolean(),
    galleries: z.array(z.unknown()),
  }),
);
export type LimitedGroup = z.infer<typeof LimitedGroupSchema>;

export const GroupTransferableSchema = lazy(() =>
  z.object({
    requirements: z.object({
      groupNotMonetized: z.boolean(),
      hasVRCPlus: z.boolean(),
      hasVerifiedEmail: z.boolean(),
      targetCanOwnMoreGroups: z.boolean(),
      targetIsGroupMember: z.boolean(),
    }),
  }),
);
export type GroupTransferable = z.infer<typeof GroupTransferableSchema>;

export const GroupPostVisibility = lazy(() => z.enum(['group', 'public']));

/** A post; its id is a notification id, as the real API's are. */
export const GroupPostSchema = lazy(() =>
  z.object({
    id: idOf('not'),
    groupId: idOf('grp'),
    authorId: idOf('usr'),
    editorId: idOf('usr').nullable(),
    title: z.string(),
    text: z.string(),
    imageId: z.string().nullable(),
    imageUrl: z.string().nullable(),
    roleId: z.array(idOf('grol')),
    visibility: GroupPostVisibility,
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type GroupPost = z.infer<typeof GroupPostSchema>;

export const GroupAnnouncementSchema = lazy(() =>
  z.object({
    id: idOf('gpos').nullable(),
    groupId: idOf('grp').nullable(),
    authorId: idOf('usr').nullable(),
    title: z.string().nullable(),
    text: z.string().nullable(),
    imageId: z.string().nullable(),
    imageUrl: z.string().nullable(),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  }),
);
export type GroupAnnouncement = z.infer<typeof GroupAnnouncementSchema>;

/** approvedAt and approvedByUserId are left out while an image waits for approval. */
export const GroupGalleryImageSchema = lazy(() =>
  z.object({
    id: idOf('ggim'),
    groupId: idOf('grp'),
    galleryId: idOf('ggal'),
    fileId: idOf('file'),
    imageUrl: z.string(),
    createdAt: z.string(),
    submittedByUserId: idOf('usr'),
    approved: z.boolean(),
    approvedAt: z.string().optional(),
    approvedByUserId: idOf('usr').optional(),
  }),
);
export type GroupGalleryImage = z.infer<typeof GroupGalleryImageSchema>;

export const GroupAuditLogEntrySchema = lazy(() =>
  z.object({
    id: idOf('gaud'),
    created_at: z.string(),
    groupId: idOf('grp'),
    actorId: idOf('usr'),
    actorDisplayName: z.string(),
    targetId: z.string(),
    eventType: z.string(),
    description: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
);
export type GroupAuditLogEntry = z.infer<typeof GroupAuditLogEntrySchema>;

export const GroupAuditLogListSchema = lazy(() =>
  z.object({
    hasNext: z.boolean(),
    results: z.array(GroupAuditLogEntrySchema),
    totalCount: z.number().int(),
  }),
);

export const GroupMemberListSchema = lazy(() => z.array(GroupMemberSchema));
export const GroupRoleListSchema = lazy(() => z.array(GroupRoleSchema));
