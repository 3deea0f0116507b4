import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { messages } from '../../errors.js';
import { currentUserView } from '../authentication/public.js';
import { AvatarFavoritesQuerySchema, avatarView, findAvatar, listFavoriteAvatars } from './avatars.js';
import { AVATAR_STYLES, AvatarListQuerySchema, licensedAvatars, listAvatars } from './lists.js';
import {
  createAvatar,
  currentAvatarOf,
  deleteAvatar,
  deleteImpostors,
  enqueueImpostor,
  impostorQueueStats,
  selectAvatar,
  selectFallbackAvatar,
  updateAvatar,
} from './authoring.js';
import { cachedJson, json, jsonBody, queryKey, success } from '../../http/helpers.js';
import { queryOf } from '../../schema/query.js';

export const avatarRoutes = new Hono<AppEnv>();

/** Orders that move with the clock; every other list page follows from the records, viewer and query. */
const CLOCK_SORTS = new Set(['heat', 'shuffle']);

avatarRoutes.get('/avatars', (c) => {
  const user = c.get('user');
  const read = () =>
    listAvatars(c.get('sandbox'), user, queryOf(c, AvatarListQuerySchema)).map((avatar) => avatarView(c.get('sandbox'), avatar));
  if (CLOCK_SORTS.has(c.req.query('sort') ?? '')) return json(c, read());
  return cachedJson(c, `avatars ${user.id} ${queryKey(c, AvatarListQuerySchema)}`, read);
});

avatarRoutes.post('/avatars', async (c) => {
  const body = await jsonBody(c);
  return json(c, avatarView(c.get('sandbox'), createAvatar(c.get('sandbox'), c.get('user'), body)));
});

// The literal paths before /avatars/:avatarId, which would take them as ids.
avatarRoutes.get('/avatars/favorites', (c) => {
  const user = c.get('user');
  const read = () =>
    listFavoriteAvatars(c.get('sandbox'), user, queryOf(c, AvatarFavoritesQuerySchema)).map((avatar) =>
      avatarView(c.get('sandbox'), avatar),
    );
  if (CLOCK_SORTS.has(c.req.query('sort') ?? '')) return json(c, read());
  return cachedJson(c, `favorites ${user.id} ${queryKey(c, AvatarFavoritesQuerySchema)}`, read);
});

avatarRoutes.get('/avatars/licensed', (c) =>
  json(
    c,
    licensedAvatars(c.req.query()).map((avatar) => avatarView(c.get('sandbox'), avatar)),
  ),
);

avatarRoutes.get('/avatars/impostor/queue/stats', (c) => json(c, impostorQueueStats()));

avatarRoutes.get('/avatarStyles', (c) => json(c, AVATAR_STYLES));

avatarRoutes.get('/avatars/:avatarId', (c) =>
  json(c, avatarView(c.get('sandbox'), findAvatar(c.get('sandbox'), c.get('user'), c.req.param('avatarId')))),
);

avatarRoutes.put('/avatars/:avatarId', async (c) => {
  const body = await jsonBody(c);
  return json(c, avatarView(c.get('sandbox'), updateAvatar(c.get('sandbox'), c.get('user'), c.req.param('avatarId'), body)));
});

avatarRoutes.delete('/avatars/:avatarId', (c) =>
  json(c, avatarView(c.get('sandbox'), deleteAvatar(c.get('sandbox'), c.get('user'), c.req.param('avatarId')))),
);

avatarRoutes.put('/avatars/:avatarId/select', (c) =>
  json(c, currentUserView(c.get('sandbox'), selectAvatar(c.get('sandbox'), c.get('user'), c.req.param('avatarId')))),
);

avatarRoutes.put('/avatars/:avatarId/selectFallback', (c) =>
  json(c, currentUserView(c.get('sandbox'), selectFallbackAvatar(c.get('sandbox'), c.get('user'), c.req.param('avatarId')))),
);

avatarRoutes.post('/avatars/:avatarId/impostor/enqueue', (c) =>
  json(c, enqueueImpostor(c.get('sandbox'), c.get('user'), c.req.param('avatarId'))),
);

avatarRoutes.delete('/avatars/:avatarId/impostor', (c) => {
  deleteImpostors(c.get('sandbox'), c.get('user'), c.req.param('avatarId'));
  return json(c, success(messages.avatarImpostorsDeleted));
});

avatarRoutes.get('/users/:userId/avatar', (c) =>
  json(c, avatarView(c.get('sandbox'), currentAvatarOf(c.get('sandbox'), c.get('user'), c.req.param('userId')))),
);
