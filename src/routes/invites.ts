import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { inviteMyself, inviteUser, requestInvite, respondToInvite } from '../domain/invites.js';
import { notificationView, sentNotificationView } from '../domain/notifications.js';
import { json, jsonBody } from '../http.js';

/** Invites to instances, invite requests and the answers to both. */
export const inviteRoutes = new Hono<AppEnv>();

inviteRoutes.post('/invite/myself/to/:location', (c) =>
  json(c, sentNotificationView(inviteMyself(c.get('world'), c.get('user'), c.req.param('location')))),
);

inviteRoutes.post('/invite/:notificationId/response', async (c) =>
  json(c, notificationView(respondToInvite(c.get('world'), c.get('user'), c.req.param('notificationId'), await jsonBody(c)))),
);

inviteRoutes.post('/invite/:userId', async (c) =>
  json(c, sentNotificationView(inviteUser(c.get('world'), c.get('user'), c.req.param('userId'), await jsonBody(c)))),
);

inviteRoutes.post('/requestInvite/:userId', async (c) =>
  json(c, notificationView(requestInvite(c.get('world'), c.get('user'), c.req.param('userId'), await jsonBody(c)))),
);
