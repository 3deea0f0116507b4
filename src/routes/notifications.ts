import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import {
  findOwnNotification,
  hideNotification,
  listNotifications,
  notificationView,
  seeNotification,
} from '../domain/notifications.js';
import { json } from '../http.js';

/** The requester's own notifications. */
export const notificationRoutes = new Hono<AppEnv>();

notificationRoutes.get('/auth/user/notifications', (c) =>
  json(c, listNotifications(c.get('world'), c.get('user'), c.req.query()).map(notificationView)),
);

notificationRoutes.get('/auth/user/notifications/:notificationId', (c) =>
  json(c, notificationView(findOwnNotification(c.get('world'), c.get('user'), c.req.param('notificationId')))),
);

notificationRoutes.put('/auth/user/notifications/:notificationId/see', (c) =>
  json(c, notificationView(seeNotification(c.get('world'), c.get('user'), c.req.param('notificationId')))),
);

notificationRoutes.put('/auth/user/notifications/:notificationId/hide', (c) =>
  json(c, notificationView(hideNotification(c.get('world'), c.get('user'), c.req.param('notificationId')))),
);
