import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { banGroupMember, getGroupMember, listGroupBans, listGroupMembers, searchGroupMembers, unbanGroupMember } from './moderation.js';
import { createGroupRole, deleteGroupRole, listGroupRoles, setMemberRole, updateGroupRole } from './roles.js';
import { json, jsonBody } from '../../http/helpers.js';

/** Members (list, search, one), bans, roles and the roles members hold. */
export const groupModerationRoutes = new Hono<AppEnv>();

groupModerationRoutes.get('/groups/:groupId/members', (c) =>
  json(c, listGroupMembers(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

// Before /members/:userId, which would take `search` for a user id.
groupModerationRoutes.get('/groups/:groupId/members/search', (c) =>
  json(c, searchGroupMembers(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

groupModerationRoutes.get('/groups/:groupId/members/:userId', (c) => {
  const { groupId, userId } = c.req.param();
  return json(c, getGroupMember(c.get('sandbox'), c.get('user'), groupId, userId));
});

groupModerationRoutes.get('/groups/:groupId/bans', (c) =>
  json(c, listGroupBans(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

groupModerationRoutes.post('/groups/:groupId/bans', async (c) => {
  const body = await jsonBody(c);
  return json(c, banGroupMember(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body));
});

groupModerationRoutes.delete('/groups/:groupId/bans/:userId', (c) => {
  const { groupId, userId } = c.req.param();
  return json(c, unbanGroupMember(c.get('sandbox'), c.get('user'), groupId, userId));
});

groupModerationRoutes.get('/groups/:groupId/roles', (c) =>
  json(c, listGroupRoles(c.get('sandbox'), c.get('user'), c.req.param('groupId'))),
);

groupModerationRoutes.post('/groups/:groupId/roles', async (c) => {
  const body = await jsonBody(c);
  return json(c, createGroupRole(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body));
});

groupModerationRoutes.put('/groups/:groupId/roles/:roleId', async (c) => {
  const body = await jsonBody(c);
  const { groupId, roleId } = c.req.param();
  return json(c, updateGroupRole(c.get('sandbox'), c.get('user'), groupId, roleId, body));
});

groupModerationRoutes.delete('/groups/:groupId/roles/:roleId', (c) => {
  const { groupId, roleId } = c.req.param();
  return json(c, deleteGroupRole(c.get('sandbox'), c.get('user'), groupId, roleId));
});

groupModerationRoutes.put('/groups/:groupId/members/:userId/roles/:roleId', (c) => {
  const { groupId, userId, roleId } = c.req.param();
  return json(c, setMemberRole(c.get('sandbox'), c.get('user'), groupId, userId, roleId, true));
});

groupModerationRoutes.delete('/groups/:groupId/members/:userId/roles/:roleId', (c) => {
  const { groupId, userId, roleId } = c.req.param();
  return json(c, setMemberRole(c.get('sandbox'), c.get('user'), groupId, userId, roleId, false));
});
