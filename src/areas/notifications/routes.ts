import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import {
  clearNotifications,
  findOwnNotification,
  hideNotification,
  listNotifications,
  notificationView,
  seeNotification,
} from './notifications.js';
import {
  answerNotificationV2,
  clearNotificationsV2,
  deleteNotificationV2,
  listNotificationsV2,
  notificationV2View,
  readNotificationV2,
  seeNotificationV2,
} from './notifications-v2.js';
import { json, jsonBody, success } from '../../http/helpers.js';
import { acceptFriendRequest } from '../friends/public.js';

/** The requester's own notifications, v1 under /auth/user and v2 under /notifications. */
export const notificationRoutes = new Hono<AppEnv>();

notificationRoutes.get('/auth/user/notifications', (c) =>
  json(c, listNotifications(c.get('sandbox'), c.get('user'), c.req.query()).map(notificationView)),
);

notificationRoutes.put('/auth/user/notifications/clear', (c) => {
  clearNotifications(c.get('sandbox'), c.get('user'));
  return json(c, success('Ok'));
});

notificationRoutes.get('/auth/user/notifications/:notificationId', (c) =>
  json(c, notificationView(findOwnNotification(c.get('sandbox'), c.get('user'), c.req.param('notificationId')))),
);

notificationRoutes.put('/auth/user/notifications/:notificationId/see', (c) =>
  json(c, notificationView(seeNotification(c.get('sandbox'), c.get('user'), c.req.param('notificationId')))),
);

// The newer description answers a hidden notification with the success envelope, not the notification.
notificationRoutes.put('/auth/user/notifications/:notificationId/hide', (c) => {
  hideNotification(c.get('sandbox'), c.get('user'), c.req.param('notificationId'));
  return json(c, success('Ok'));
});

notificationRoutes.get('/notifications', (c) =>
  json(c, listNotificationsV2(c.get('sandbox'), c.get('user'), c.req.query()).map(notificationV2View)),
);

notificationRoutes.delete('/notifications', (c) => {
  clearNotificationsV2(c.get('sandbox'), c.get('user'));
  return json(c, success('Notifications cleared.'));
});

notificationRoutes.get('/notifications/:notificationId', (c) =>
  json(c, notificationV2View(readNotificationV2(c.get('sandbox'), c.get('user'), c.req.param('notificationId')))),
);

notificationRoutes.delete('/notifications/:notificationId', (c) => {
  deleteNotificationV2(c.get('sandbox'), c.get('user'), c.req.param('notificationId'));
  return json(c, success('Notification cleared.'));
});

notificationRoutes.post('/notifications/:notificationId/see', (c) =>
  json(c, notificationV2View(seeNotificationV2(c.get('sandbox'), c.get('user'), c.req.param('notificationId')))),
);

notificationRoutes.post('/notifications/:notificationId/reply', async (c) =>
  json(
    c,
    notificationV2View(answerNotificationV2(c.get('sandbox'), c.get('user'), c.req.param('notificationId'), await jsonBody(c), 'reply')),
  ),
);

notificationRoutes.post('/notifications/:notificationId/respond', async (c) =>
  json(
    c,
    notificationV2View(answerNotificationV2(c.get('sandbox'), c.get('user'), c.req.param('notificationId'), await jsonBody(c), 'respond')),
  ),
);

notificationRoutes.put('/auth/user/notifications/:notificationId/accept', (c) => {
  acceptFriendRequest(c.get('sandbox'), c.get('user'), c.req.param('notificationId'));
  return json(c, success('Ok'));
});
