import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { AuditLogQuerySchema, listAuditLogs, listAuditLogTypes } from './audit.js';
import {
  addGroupPost,
  createGroupAnnouncement,
  deleteGroupAnnouncement,
  deleteGroupPost,
  getGroupAnnouncement,
  listGroupPosts,
  updateGroupPost,
} from './posts.js';
import {
  addGalleryImage,
  createGroupGallery,
  deleteGalleryImage,
  deleteGroupGallery,
  listGalleryImages,
  updateGroupGallery,
} from './galleries.js';
import { json, jsonBody, requestOrigin, success } from '../../http/helpers.js';
import { queryOf } from '../../schema/query.js';

/** A group's audit log, posts, announcement and galleries. */
export const groupContentRoutes = new Hono<AppEnv>();

groupContentRoutes.get('/groups/:groupId/auditLogTypes', (c) =>
  json(c, listAuditLogTypes(c.get('sandbox'), c.get('user'), c.req.param('groupId'))),
);

groupContentRoutes.get('/groups/:groupId/auditLogs', (c) =>
  json(c, listAuditLogs(c.get('sandbox'), c.get('user'), c.req.param('groupId'), queryOf(c, AuditLogQuerySchema))),
);

groupContentRoutes.get('/groups/:groupId/posts', (c) =>
  json(c, listGroupPosts(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

groupContentRoutes.post('/groups/:groupId/posts', async (c) => {
  const body = await jsonBody(c);
  return json(c, addGroupPost(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body, requestOrigin(c)));
});

groupContentRoutes.put('/groups/:groupId/posts/:postId', async (c) => {
  const body = await jsonBody(c);
  const { groupId, postId } = c.req.param();
  return json(c, updateGroupPost(c.get('sandbox'), c.get('user'), groupId, postId, body, requestOrigin(c)));
});

groupContentRoutes.delete('/groups/:groupId/posts/:postId', (c) => {
  const { groupId, postId } = c.req.param();
  return json(c, success(deleteGroupPost(c.get('sandbox'), c.get('user'), groupId, postId)));
});

groupContentRoutes.get('/groups/:groupId/announcement', (c) =>
  json(c, getGroupAnnouncement(c.get('sandbox'), c.get('user'), c.req.param('groupId'))),
);

groupContentRoutes.post('/groups/:groupId/announcement', async (c) => {
  const body = await jsonBody(c);
  return json(c, createGroupAnnouncement(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body, requestOrigin(c)));
});

groupContentRoutes.delete('/groups/:groupId/announcement', (c) =>
  json(c, success(deleteGroupAnnouncement(c.get('sandbox'), c.get('user'), c.req.param('groupId')))),
);

groupContentRoutes.post('/groups/:groupId/galleries', async (c) => {
  const body = await jsonBody(c);
  return json(c, createGroupGallery(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body));
});

groupContentRoutes.get('/groups/:groupId/galleries/:galleryId', (c) => {
  const { groupId, galleryId } = c.req.param();
  return json(c, listGalleryImages(c.get('sandbox'), c.get('user'), groupId, galleryId, c.req.query()));
});

groupContentRoutes.put('/groups/:groupId/galleries/:galleryId', async (c) => {
  const body = await jsonBody(c);
  const { groupId, galleryId } = c.req.param();
  return json(c, updateGroupGallery(c.get('sandbox'), c.get('user'), groupId, galleryId, body));
});

groupContentRoutes.delete('/groups/:groupId/galleries/:galleryId', (c) => {
  const { groupId, galleryId } = c.req.param();
  return json(c, success(deleteGroupGallery(c.get('sandbox'), c.get('user'), groupId, galleryId)));
});

groupContentRoutes.post('/groups/:groupId/galleries/:galleryId/images', async (c) => {
  const body = await jsonBody(c);
  const { groupId, galleryId } = c.req.param();
  return json(c, addGalleryImage(c.get('sandbox'), c.get('user'), groupId, galleryId, body, requestOrigin(c)));
});

groupContentRoutes.delete('/groups/:groupId/galleries/:galleryId/images/:imageId', (c) => {
  const { groupId, galleryId, imageId } = c.req.param();
  return json(c, success(deleteGalleryImage(c.get('sandbox'), c.get('user'), groupId, galleryId, imageId)));
});
