import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { boop, friendStatus, listFriends, sendFriendRequest, unfriend, withdrawFriendRequest } from './friends.js';
import { notificationView } from '../notifications/public.js';
import { json, jsonBody, success } from '../../http/helpers.js';

/** The friend list, friend requests, friend status and boops. */
export const friendRoutes = new Hono<AppEnv>();

friendRoutes.get('/auth/user/friends', (c) => json(c, listFriends(c.get('sandbox'), c.get('user'), c.req.query())));

friendRoutes.delete('/auth/user/friends/:userId', (c) => {
  unfriend(c.get('sandbox'), c.get('user'), c.req.param('userId'));
  return json(c, success('Friendship destroyed'));
});

friendRoutes.post('/user/:userId/friendRequest', (c) =>
  json(c, notificationView(sendFriendRequest(c.get('sandbox'), c.get('user'), c.req.param('userId')))),
);

friendRoutes.delete('/user/:userId/friendRequest', (c) => {
  withdrawFriendRequest(c.get('sandbox'), c.get('user'), c.req.param('userId'));
  return json(c, success('Friendship request deleted'));
});

friendRoutes.get('/user/:userId/friendStatus', (c) => json(c, friendStatus(c.get('sandbox'), c.get('user'), c.req.param('userId'))));

friendRoutes.post('/users/:userId/boop', async (c) => {
  boop(c.get('sandbox'), c.get('user'), c.req.param('userId'), await jsonBody(c));
  return json(c, success('User booped!'));
});
