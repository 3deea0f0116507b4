import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import type { GroupGalleryImage } from '../../store/records/group-extras.js';
import { GroupGallerySchema, type GroupGallery, type GroupRecord } from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { listIn } from '../../store/indexes/group-extras.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { hasGroupPermission } from './permissions.js';
import { audit } from './audit.js';
import { belongs, findGroup, memberRecord, requireGroupAccess, requireKnownRoles } from './access.js';
import { guardGrowth } from '../../store/growth.js';

const roleIdList = () => z.array(idOf('grol')).nullable().optional();

const GalleryRequestSchema = lazy(() =>
  z.object({
    name: z.string().min(1).max(64).optional(),
    description: z.string().max(500).optional(),
    membersOnly: z.boolean().optional(),
    roleIdsToAutoApprove: roleIdList(),
    roleIdsToManage: roleIdList(),
    roleIdsToSubmit: roleIdList(),
    roleIdsToView: roleIdList(),
  }),
);

const CreateGallerySchema = lazy(() => GalleryRequestSchema.extend({ name: z.string().min(1).max(64) }));

const ROLE_LISTS = ['roleIdsToAutoApprove', 'roleIdsToManage', 'roleIdsToSubmit', 'roleIdsToView'] as const;

function findGallery(group: GroupRecord, galleryId: string): GroupGallery {
  const gallery = group.galleries.find((g) => g.id === galleryId);
  if (!gallery) throw new ApiError(404, messages.groupGalleryNotFound);
  return gallery;
}

/** Whether the user holds one of the listed roles (the owner holds every role). */
function holdsOne(sandbox: Sandbox, group: GroupRecord, userId: string, roleIds: readonly string[]): boolean {
  if (group.ownerId === userId) return true;
  const member = memberRecord(sandbox, group.id, userId);
  if (!member) return false;
  return roleIds.some(
    (id) => member.roleIds.includes(id) || member.mRoleIds.includes(id) || group.roles.some((r) => r.id === id && r.defaultRole),
  );
}

/** Managing a gallery: group-galleries-manage, or a role the gallery lists in roleIdsToManage. */
const mayManage = (sandbox: Sandbox, group: GroupRecord, userId: string, gallery: GroupGallery) =>
  hasGroupPermission(sandbox, group.id, userId, 'group-galleries-manage') || holdsOne(sandbox, group, userId, gallery.roleIdsToManage);

/** Viewing: members-only galleries need membership; a roleIdsToView list needs one of its roles. */
function mayView(sandbox: Sandbox, group: GroupRecord, userId: string, gallery: GroupGallery): boolean {
  if (mayManage(sandbox, group, userId, gallery)) return true;
  if (gallery.membersOnly && !belongs(sandbox, group, userId)) return false;
  return gallery.roleIdsToView.length === 0 || holdsOne(sandbox, group, userId, gallery.roleIdsToView);
}

/** Submitting: a member, holding one of roleIdsToSubmit when the gallery lists any. */
const maySubmit = (sandbox: Sandbox, group: GroupRecord, userId: string, gallery: GroupGallery) =>
  mayManage(sandbox, group, userId, gallery) ||
  (belongs(sandbox, group, userId) && (gallery.roleIdsToSubmit.length === 0 || holdsOne(sandbox, group, userId, gallery.roleIdsToSubmit)));

export function createGroupGallery(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): GroupGallery {
  const group = findGroup(sandbox, groupId, 'createGroupGallery');
  requireGroupAccess(sandbox, group, actor, 'createGroupGallery');
  const request = parseInput(CreateGallerySchema, body);
  for (const list of ROLE_LISTS) requireKnownRoles(group, request[list]);
  guardGrowth(sandbox, 'groupGalleries', group.id);
  const now = isoNow(sandbox.clock);
  const gallery = GroupGallerySchema.parse({
    id: newId('ggal'),
    name: request.name,
    description: request.description ?? '',
    membersOnly: request.membersOnly ?? false,
    ...Object.fromEntries(ROLE_LISTS.map((list) => [list, request[list] ?? []])),
    createdAt: now,
    updatedAt: now,
  });
  group.galleries.push(gallery);
  audit(sandbox, group, actor, 'group.gallery.create', gallery.id, `${actor.displayName} created the gallery ${gallery.name}.`);
  return gallery;
}

export function updateGroupGallery(sandbox: Sandbox, actor: UserRecord, groupId: string, galleryId: string, body: unknown): GroupGallery {
  const group = findGroup(sandbox, groupId, 'updateGroupGallery');
  requireGroupAccess(sandbox, group, actor, 'updateGroupGallery');
  const gallery = findGallery(group, galleryId);
  const request = parseInput(GalleryRequestSchema, body);
  for (const list of ROLE_LISTS) requireKnownRoles(group, request[list]);
  for (const [field, value] of Object.entries(request)) {
    if (value !== undefined) (gallery as Record<string, unknown>)[field] = value ?? [];
  }
  gallery.updatedAt = isoNow(sandbox.clock);
  audit(sandbox, group, actor, 'group.gallery.update', gallery.id, `${actor.displayName} updated the gallery ${gallery.name}.`);
  return gallery;
}

export function deleteGroupGallery(sandbox: Sandbox, actor: UserRecord, groupId: string, galleryId: string): string {
  const group = findGroup(sandbox, groupId, 'deleteGroupGallery');
  requireGroupAccess(sandbox, group, actor, 'deleteGroupGallery');
  const gallery = findGallery(group, galleryId);
  group.galleries = group.galleries.filter((g) => g.id !== gallery.id);
  sandbox.groupGalleryImages.delete(gallery.id);
  audit(sandbox, group, actor, 'group.gallery.delete', gallery.id, `${actor.displayName} deleted the gallery ${gallery.name}.`);
  return messages.groupGalleryDeleted;
}

const ImagesQuerySchema = lazy(() => z.object({ ...pageParams(), approved: queryBool().optional() }));

/**
 * Approved images for viewers; images awaiting approval (`approved=false`, or all when unset) only
 * for those who manage the gallery and for their own submitters.
 */
export function listGalleryImages(
  sandbox: Sandbox,
  actor: UserRecord,
  groupId: string,
  galleryId: string,
  rawQuery: unknown,
): GroupGalleryImage[] {
  const group = findGroup(sandbox, groupId, 'getGroupGalleryImages');
  requireGroupAccess(sandbox, group, actor, 'getGroupGalleryImages');
  const gallery = findGallery(group, galleryId);
  if (!mayView(sandbox, group, actor.id, gallery)) throw new ApiError(403, messages.groupGalleryViewForbidden);
  const query = parseInput(ImagesQuerySchema, rawQuery);
  const manages = mayManage(sandbox, group, actor.id, gallery);
  const images = (sandbox.groupGalleryImages.get(gallery.id) ?? []).filter(
    (image) =>
      (query.approved === undefined || image.approved === query.approved) &&
      (image.approved || manages || image.submittedByUserId === actor.id),
  );
  return images.slice(query.offset, query.offset + query.n);
}

const AddImageSchema = lazy(() => z.object({ fileId: idOf('file') }));

/** A submission is approved at once when its submitter manages the gallery or holds an auto-approve role. */
export function addGalleryImage(
  sandbox: Sandbox,
  actor: UserRecord,
  groupId: string,
  galleryId: string,
  body: unknown,
  origin: string,
): GroupGalleryImage {
  const group = findGroup(sandbox, groupId, 'addGroupGalleryImage');
  requireGroupAccess(sandbox, group, actor, 'addGroupGalleryImage');
  const gallery = findGallery(group, galleryId);
  const { fileId } = parseInput(AddImageSchema, body);
  if (!maySubmit(sandbox, group, actor.id, gallery)) throw new ApiError(403, messages.groupGallerySubmitForbidden);
  guardGrowth(sandbox, 'groupGalleryImages', gallery.id);
  const now = isoNow(sandbox.clock);
  const approved = mayManage(sandbox, group, actor.id, gallery) || holdsOne(sandbox, group, actor.id, gallery.roleIdsToAutoApprove);
  const image: GroupGalleryImage = {
    id: newId('ggim'),
    groupId: group.id,
    galleryId: gallery.id,
    fileId,
    imageUrl: `${origin}/api/1/file/${fileId}/1/file`,
    createdAt: now,
    submittedByUserId: actor.id,
    approved,
    ...(approved ? { approvedAt: now, approvedByUserId: actor.id } : {}),
  };
  listIn(sandbox.groupGalleryImages, gallery.id).push(image);
  audit(sandbox, group, actor, 'group.gallery.image.submit', image.id, `${actor.displayName} submitted an image to ${gallery.name}.`, {
    approved,
  });
  return image;
}

/** Its submitter or a manager of the gallery removes an image. */
export function deleteGalleryImage(sandbox: Sandbox, actor: UserRecord, groupId: string, galleryId: string, imageId: string): string {
  const group = findGroup(sandbox, groupId, 'deleteGroupGalleryImage');
  requireGroupAccess(sandbox, group, actor, 'deleteGroupGalleryImage');
  const gallery = findGallery(group, galleryId);
  const images = sandbox.groupGalleryImages.get(gallery.id) ?? [];
  const image = images.find((i) => i.id === imageId);
  if (!image) throw new ApiError(404, messages.groupGalleryImageNotFound);
  if (image.submittedByUserId !== actor.id && !mayManage(sandbox, group, actor.id, gallery)) {
    throw new ApiError(403, messages.groupGalleryImageDeleteForbidden);
  }
  images.splice(images.indexOf(image), 1);
  audit(sandbox, group, actor, 'group.gallery.image.remove', image.id, `${actor.displayName} removed an image from ${gallery.name}.`);
  return messages.groupGalleryImageRemoved;
}
