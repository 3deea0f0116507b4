import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { blockGroup, getGroup, removeGroupMember, updateGroup, updateGroupMember } from './groups.js';
import { json, jsonBody, success } from '../../http/helpers.js';
import { groupLifecycleRoutes } from './lifecycle-routes.js';
import { groupMembershipRoutes } from './membership-routes.js';
import { groupModerationRoutes } from './moderation-routes.js';
import { groupContentRoutes } from './content-routes.js';
import { groupInstanceList } from '../instances/public.js';

/**
 * Groups: read and update a group, update and remove members, block a group, list its instances;
 * then the themed sub-apps. The lifecycle's literal paths (/groups/roleTemplates) go first,
 * before /groups/:groupId can take them.
 */
export const groupRoutes = new Hono<AppEnv>();

groupRoutes.route('/', groupLifecycleRoutes);

groupRoutes.get('/groups/:groupId', (c) => json(c, getGroup(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())));

groupRoutes.put('/groups/:groupId', async (c) => {
  const body = await jsonBody(c);
  return json(c, updateGroup(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body));
});

groupRoutes.put('/groups/:groupId/members/:userId', async (c) => {
  const body = await jsonBody(c);
  const { groupId, userId } = c.req.param();
  return json(c, updateGroupMember(c.get('sandbox'), c.get('user'), groupId, userId, body));
});

groupRoutes.delete('/groups/:groupId/members/:userId', (c) => {
  const { groupId, userId } = c.req.param();
  return json(c, success(removeGroupMember(c.get('sandbox'), c.get('user'), groupId, userId)));
});

groupRoutes.post('/groups/:groupId/block', (c) => json(c, success(blockGroup(c.get('sandbox'), c.get('user'), c.req.param('groupId')))));

groupRoutes.get('/groups/:groupId/instances', (c) => json(c, groupInstanceList(c.get('sandbox'), c.get('user'), c.req.param('groupId'))));

groupRoutes.route('/', groupMembershipRoutes);
groupRoutes.route('/', groupModerationRoutes);
groupRoutes.route('/', groupContentRoutes);
