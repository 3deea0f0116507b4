import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { acceptFriendRequest, friendStatus, listFriends, sendFriendRequest, unfriend, withdrawFriendRequest } from './friends.js';
import { notificationView } from '../notifications/public.js';
import { json, success } from '../../http/helpers.js';

/** The friend list, friend requests and friend status. */
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

friendRoutes.put('/auth/user/notifications/:notificationId/accept', (c) => {
  acceptFriendRequest(c.get('sandbox'), c.get('user'), c.req.param('notificationId'));
  return json(c, success('Ok'));
});
