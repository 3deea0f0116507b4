import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { inviteMyself, inviteUser, requestInvite, respondToInvite } from './invites.js';
import { notificationView, sentNotificationView } from '../notifications/public.js';
import { preparePhoto, photoData, readPhoto, type PhotoUpload } from './photos.js';
import { json, jsonBody } from '../../http/helpers.js';
import type { Context } from 'hono';

/** The photo variants' multipart body: `data` as the plain variant's JSON, and the image ready to keep. */
async function photoRequest(c: Context<AppEnv>) {
  const upload = (await c.req.parseBody()) as unknown as PhotoUpload;
  const data = photoData(upload);
  const image = await readPhoto(upload);
  const { photo, keep } = preparePhoto(c.get('world'), c.get('user'), image, new URL(c.req.url).origin);
  return { data, photo, keep };
}

/** Invites to instances, invite requests and the answers to both. */
export const inviteRoutes = new Hono<AppEnv>();

inviteRoutes.post('/invite/myself/to/:location', (c) =>
  json(c, sentNotificationView(inviteMyself(c.get('world'), c.get('user'), c.req.param('location')))),
);

inviteRoutes.post('/invite/:notificationId/response', async (c) =>
  json(c, notificationView(respondToInvite(c.get('world'), c.get('user'), c.req.param('notificationId'), await jsonBody(c)))),
);

inviteRoutes.post('/invite/:notificationId/response/photo', async (c) => {
  const { data, photo, keep } = await photoRequest(c);
  const record = respondToInvite(c.get('world'), c.get('user'), c.req.param('notificationId'), data, photo);
  keep();
  return json(c, notificationView(record));
});

inviteRoutes.post('/invite/:userId/photo', async (c) => {
  const { data, photo, keep } = await photoRequest(c);
  const record = inviteUser(c.get('world'), c.get('user'), c.req.param('userId'), data, photo);
  keep();
  return json(c, sentNotificationView(record));
});

inviteRoutes.post('/requestInvite/:userId/photo', async (c) => {
  const { data, photo, keep } = await photoRequest(c);
  const record = requestInvite(c.get('world'), c.get('user'), c.req.param('userId'), data, photo);
  keep();
  return json(c, notificationView(record));
});

inviteRoutes.post('/invite/:userId', async (c) =>
  json(c, sentNotificationView(inviteUser(c.get('world'), c.get('user'), c.req.param('userId'), await jsonBody(c)))),
);

inviteRoutes.post('/requestInvite/:userId', async (c) =>
  json(c, notificationView(requestInvite(c.get('world'), c.get('user'), c.req.param('userId'), await jsonBody(c)))),
);
