import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { inviteMyself, inviteUser, requestInvite, respondToInvite, type Photo } from './invites.js';
import { notificationView, sentNotificationView } from '../notifications/public.js';
import { preparePhoto, photoData, readPhoto, type PhotoUpload } from './photos.js';
import { json, jsonBody, requestOrigin } from '../../http/helpers.js';
import { multipartBody } from '../../http/request-body.js';
import type { Context } from 'hono';

/**
 * A photo variant: its multipart body gives `data` (the plain variant's JSON) and the image. The
 * invite's rule runs with the photo, and the image is kept only once it succeeds, in one synchronous
 * block with the check of the world's upload total.
 */
async function withPhoto<T>(c: Context<AppEnv>, invite: (data: unknown, photo: Photo) => T): Promise<T> {
  const upload = (await multipartBody(c)) as PhotoUpload;
  const data = photoData(upload);
  const image = await readPhoto(upload);
  const { photo, keep } = preparePhoto(c.get('sandbox'), c.get('user'), image, requestOrigin(c));
  const record = invite(data, photo);
  keep();
  return record;
}

/** Invites to instances, invite requests and the answers to both. */
export const inviteRoutes = new Hono<AppEnv>();

inviteRoutes.post('/invite/myself/to/:location', (c) =>
  json(c, sentNotificationView(inviteMyself(c.get('sandbox'), c.get('user'), c.req.param('location')))),
);

inviteRoutes.post('/invite/:notificationId/response', async (c) =>
  json(c, notificationView(respondToInvite(c.get('sandbox'), c.get('user'), c.req.param('notificationId'), await jsonBody(c)))),
);

inviteRoutes.post('/invite/:notificationId/response/photo', async (c) => {
  const record = await withPhoto(c, (data, photo) =>
    respondToInvite(c.get('sandbox'), c.get('user'), c.req.param('notificationId'), data, photo),
  );
  return json(c, notificationView(record));
});

inviteRoutes.post('/invite/:userId/photo', async (c) => {
  const record = await withPhoto(c, (data, photo) => inviteUser(c.get('sandbox'), c.get('user'), c.req.param('userId'), data, photo));
  return json(c, sentNotificationView(record));
});

inviteRoutes.post('/requestInvite/:userId/photo', async (c) => {
  const record = await withPhoto(c, (data, photo) => requestInvite(c.get('sandbox'), c.get('user'), c.req.param('userId'), data, photo));
  return json(c, notificationView(record));
});

inviteRoutes.post('/invite/:userId', async (c) =>
  json(c, sentNotificationView(inviteUser(c.get('sandbox'), c.get('user'), c.req.param('userId'), await jsonBody(c)))),
);

inviteRoutes.post('/requestInvite/:userId', async (c) =>
  json(c, notificationView(requestInvite(c.get('sandbox'), c.get('user'), c.req.param('userId'), await jsonBody(c)))),
);
