import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { clearPlayerModerations, listPlayerModerations, moderateUser, playerModerationView, unmoderateUser } from './moderation.js';
import { json, jsonBody, success } from '../../http/helpers.js';

/** The requester's moderations of other players. */
export const moderationRoutes = new Hono<AppEnv>();

moderationRoutes.get('/auth/user/playermoderations', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    listPlayerModerations(sandbox, c.get('user'), c.req.query()).map((r) => playerModerationView(sandbox, r)),
  );
});

moderationRoutes.post('/auth/user/playermoderations', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, playerModerationView(sandbox, moderateUser(sandbox, c.get('user'), await jsonBody(c))));
});

moderationRoutes.delete('/auth/user/playermoderations', (c) => {
  clearPlayerModerations(c.get('sandbox'), c.get('user'));
  return json(c, success('OK'));
});

moderationRoutes.put('/auth/user/unplayermoderate', async (c) =>
  json(c, success(unmoderateUser(c.get('sandbox'), c.get('user'), await jsonBody(c)))),
);
