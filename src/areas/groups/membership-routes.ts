import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import {
  cancelGroupRequest,
  createGroupInvite,
  declineGroupInvite,
  deleteGroupInvite,
  joinGroup,
  leaveGroup,
  listGroupInvites,
  listGroupRequests,
  respondGroupJoinRequest,
} from './membership.js';
import { json, jsonBody, success } from '../../http/helpers.js';

/** Joining and leaving a group, its invites and its join requests. */
export const groupMembershipRoutes = new Hono<AppEnv>();

groupMembershipRoutes.post('/groups/:groupId/join', (c) =>
  json(c, joinGroup(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

groupMembershipRoutes.post('/groups/:groupId/leave', (c) =>
  json(c, success(leaveGroup(c.get('sandbox'), c.get('user'), c.req.param('groupId')))),
);

groupMembershipRoutes.delete('/groups/:groupId/requests', (c) =>
  json(c, success(cancelGroupRequest(c.get('sandbox'), c.get('user'), c.req.param('groupId')))),
);

groupMembershipRoutes.get('/groups/:groupId/requests', (c) =>
  json(c, listGroupRequests(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

groupMembershipRoutes.put('/groups/:groupId/requests/:userId', async (c) => {
  const body = await jsonBody(c);
  const { groupId, userId } = c.req.param();
  return json(c, success(respondGroupJoinRequest(c.get('sandbox'), c.get('user'), groupId, userId, body)));
});

groupMembershipRoutes.get('/groups/:groupId/invites', (c) =>
  json(c, listGroupInvites(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

groupMembershipRoutes.post('/groups/:groupId/invites', async (c) => {
  const body = await jsonBody(c);
  return json(c, success(createGroupInvite(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body)));
});

groupMembershipRoutes.put('/groups/:groupId/invites', async (c) => {
  const body = await jsonBody(c);
  return json(c, success(declineGroupInvite(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body)));
});

groupMembershipRoutes.delete('/groups/:groupId/invites/:userId', (c) => {
  const { groupId, userId } = c.req.param();
  return json(c, success(deleteGroupInvite(c.get('sandbox'), c.get('user'), groupId, userId)));
});
