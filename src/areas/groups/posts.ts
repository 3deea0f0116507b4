import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import { GroupPostVisibility, type GroupAnnouncement, type GroupPost } from '../../store/records/group-extras.js';
import type { GroupRecord } from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { listIn } from '../../store/indexes/group-extras.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { hasGroupPermission } from './permissions.js';
import { audit } from './audit.js';
import { belongs, findGroup, memberRecord, requireGroupAccess, requireGroupId, requireKnownRoles } from './access.js';
import { memberIds, notifyUser } from './events.js';
import { guardGrowth } from '../../store/growth.js';

/** Where a client downloads the post's image from this server. */
const fileUrl = (origin: string, fileId: string) => `${origin}/api/1/file/${fileId}/1/file`;

/**
 * Who reads a post: anyone a `public` one; members a `group` one; and a post limited to roles only
 * members holding one of them, or managers of announcements.
 */
function mayRead(sandbox: Sandbox, group: GroupRecord, userId: string, post: GroupPost): boolean {
  if (post.visibility === 'public' && post.roleId.length === 0) return true;
  if (!belongs(sandbox, group, userId)) return false;
  if (post.roleId.length === 0 || hasGroupPermission(sandbox, group.id, userId, 'group-announcement-manage')) return true;
  const member = memberRecord(sandbox, group.id, userId);
  return post.roleId.some((roleId) => member?.roleIds.includes(roleId) || member?.mRoleIds.includes(roleId));
}

const PostsQuerySchema = lazy(() => z.object({ ...pageParams(), publicOnly: queryBool().optional() }));

/** Newest first, as the requester may read them. */
export function listGroupPosts(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): { posts: GroupPost[] } {
  const group = findGroup(sandbox, groupId, 'getGroupPosts');
  requireGroupAccess(sandbox, group, actor, 'getGroupPosts');
  const query = parseInput(PostsQuerySchema, rawQuery);
  const posts = [...(sandbox.groupPosts.get(group.id) ?? [])]
    .reverse()
    .filter((post) => (query.publicOnly ? post.visibility === 'public' : true) && mayRead(sandbox, group, actor.id, post));
  return { posts: posts.slice(query.offset, query.offset + query.n) };
}

const PostRequestSchema = lazy(() =>
  z.object({
    title: z.string().min(1).max(120),
    text: z.string().min(1).max(2000),
    visibility: GroupPostVisibility,
    sendNotification: z.boolean(),
    imageId: idOf('file').optional(),
    roleIds: z.array(idOf('grol')).optional(),
  }),
);

/** Tells the members who may read the post and want announcements, the author aside. */
function notifyMembers(
  sandbox: Sandbox,
  group: GroupRecord,
  actor: UserRecord,
  title: string,
  details: Record<string, unknown>,
  post?: GroupPost,
) {
  for (const userId of memberIds(sandbox, group)) {
    if (userId === actor.id) continue;
    const record = memberRecord(sandbox, group.id, userId);
    if (record && !record.isSubscribedToAnnouncements) continue;
    if (post && !mayRead(sandbox, group, userId, post)) continue;
    notifyUser(sandbox, userId, actor, `${group.name}: ${title}`, details);
  }
}

export function addGroupPost(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown, origin: string): GroupPost {
  const group = findGroup(sandbox, groupId, 'addGroupPost');
  requireGroupAccess(sandbox, group, actor, 'addGroupPost');
  const request = parseInput(PostRequestSchema, body);
  requireKnownRoles(group, request.roleIds);
  guardGrowth(sandbox, 'groupPosts', group.id);
  const now = isoNow(sandbox.clock);
  const post: GroupPost = {
    id: newId('not'),
    groupId: group.id,
    authorId: actor.id,
    editorId: null,
    title: request.title,
    text: request.text,
    imageId: request.imageId ?? null,
    imageUrl: request.imageId ? fileUrl(origin, request.imageId) : null,
    roleId: request.roleIds ?? [],
    visibility: request.visibility,
    createdAt: now,
    updatedAt: now,
  };
  listIn(sandbox.groupPosts, group.id).push(post);
  group.lastPostCreatedAt = now;
  audit(sandbox, group, actor, 'group.post.create', post.id, `${actor.displayName} posted ${post.title}.`);
  if (request.sendNotification)
    notifyMembers(sandbox, group, actor, post.title, { groupId: group.id, postId: post.id, kind: 'group.post' }, post);
  return post;
}

function findPost(sandbox: Sandbox, group: GroupRecord, postId: string): GroupPost {
  const post = sandbox.groupPosts.get(group.id)?.find((p) => p.id === postId);
  if (!post) throw new ApiError(404, messages.groupPostNotFound);
  return post;
}

export function updateGroupPost(
  sandbox: Sandbox,
  actor: UserRecord,
  groupId: string,
  postId: string,
  body: unknown,
  origin: string,
): GroupPost {
  requireGroupId(groupId);
  const request = parseInput(PostRequestSchema, body);
  const group = findGroup(sandbox, groupId, 'updateGroupPost');
  requireGroupAccess(sandbox, group, actor, 'updateGroupPost');
  const post = findPost(sandbox, group, postId);
  requireKnownRoles(group, request.roleIds);
  Object.assign(post, {
    title: request.title,
    text: request.text,
    visibility: request.visibility,
    roleId: request.roleIds ?? post.roleId,
    imageId: request.imageId ?? post.imageId,
    imageUrl: request.imageId ? fileUrl(origin, request.imageId) : post.imageUrl,
    editorId: actor.id,
    updatedAt: isoNow(sandbox.clock),
  });
  audit(sandbox, group, actor, 'group.post.update', post.id, `${actor.displayName} edited ${post.title}.`);
  if (request.sendNotification)
    notifyMembers(sandbox, group, actor, post.title, { groupId: group.id, postId: post.id, kind: 'group.post' }, post);
  return post;
}

export function deleteGroupPost(sandbox: Sandbox, actor: UserRecord, groupId: string, postId: string): string {
  const group = findGroup(sandbox, groupId, 'deleteGroupPost');
  requireGroupAccess(sandbox, group, actor, 'deleteGroupPost');
  const post = findPost(sandbox, group, postId);
  const posts = sandbox.groupPosts.get(group.id)!;
  posts.splice(posts.indexOf(post), 1);
  audit(sandbox, group, actor, 'group.post.delete', post.id, `${actor.displayName} deleted ${post.title}.`);
  return messages.groupPostDeleted;
}

const noAnnouncement = (): GroupAnnouncement => ({
  id: null,
  groupId: null,
  authorId: null,
  title: null,
  text: null,
  imageId: null,
  imageUrl: null,
  createdAt: null,
  updatedAt: null,
});

/** The announcement, or one of nulls when there is none. A private group's only for its members. */
export function getGroupAnnouncement(sandbox: Sandbox, actor: UserRecord, groupId: string): GroupAnnouncement {
  const group = findGroup(sandbox, groupId, 'getGroupAnnouncements');
  requireGroupAccess(sandbox, group, actor, 'getGroupAnnouncements');
  if (group.privacy === 'private' && !belongs(sandbox, group, actor.id)) throw new ApiError(403, messages.groupNotMember);
  return sandbox.groupAnnouncements.get(group.id) ?? noAnnouncement();
}

/** Title and text both required, as the newer public description has them and the live service checks them. */
const AnnouncementRequestSchema = lazy(() =>
  z.object({
    title: z.string().min(1).max(120),
    text: z.string().min(1).max(2000),
    imageId: idOf('file').optional(),
    sendNotification: z.boolean().optional(),
  }),
);

/**
 * One announcement per group: a new one replaces the old. The request is checked before the group is looked
 * up, as the live service does (a 400 even for a group that does not exist), after the id's form.
 */
export function createGroupAnnouncement(
  sandbox: Sandbox,
  actor: UserRecord,
  groupId: string,
  body: unknown,
  origin: string,
): GroupAnnouncement {
  requireGroupId(groupId);
  const request = parseInput(AnnouncementRequestSchema, body);
  const group = findGroup(sandbox, groupId, 'createGroupAnnouncement');
  requireGroupAccess(sandbox, group, actor, 'createGroupAnnouncement');
  const now = isoNow(sandbox.clock);
  const announcement: GroupAnnouncement = {
    id: newId('gpos'),
    groupId: group.id,
    authorId: actor.id,
    title: request.title,
    text: request.text,
    imageId: request.imageId ?? null,
    imageUrl: request.imageId ? fileUrl(origin, request.imageId) : null,
    createdAt: now,
    updatedAt: now,
  };
  sandbox.groupAnnouncements.set(group.id, announcement);
  audit(sandbox, group, actor, 'group.announcement.create', announcement.id!, `${actor.displayName} announced ${request.title}.`);
  if (request.sendNotification) {
    notifyMembers(sandbox, group, actor, request.title, { groupId: group.id, announcementId: announcement.id, kind: 'group.announcement' });
  }
  return announcement;
}

export function deleteGroupAnnouncement(sandbox: Sandbox, actor: UserRecord, groupId: string): string {
  const group = findGroup(sandbox, groupId, 'deleteGroupAnnouncement');
  requireGroupAccess(sandbox, group, actor, 'deleteGroupAnnouncement');
  const announcement = sandbox.groupAnnouncements.get(group.id);
  sandbox.groupAnnouncements.delete(group.id);
  audit(sandbox, group, actor, 'group.announcement.delete', announcement?.id ?? group.id, `${actor.displayName} cleared the announcement.`);
  return messages.groupAnnouncementCleared;
}
