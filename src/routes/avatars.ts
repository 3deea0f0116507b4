import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { AvatarFavoritesQuerySchema, avatarView, findAvatar, listFavoriteAvatars } from '../domain/avatars.js';
import { cachedJson, json, queryKey } from '../http.js';

export const avatarRoutes = new Hono<AppEnv>();

/** Orders that move with the clock; every other favorites page follows from the records, viewer and query. */
const CLOCK_SORTS = new Set(['heat', 'shuffle']);

avatarRoutes.get('/avatars/favorites', (c) => {
  const user = c.get('user');
  const read = () => listFavoriteAvatars(c.get('world'), user, c.req.query()).map(avatarView);
  if (CLOCK_SORTS.has(c.req.query('sort') ?? '')) return json(c, read());
  return cachedJson(c, `favorites ${user.id} ${queryKey(c, AvatarFavoritesQuerySchema)}`, read);
});

avatarRoutes.get('/avatars/:avatarId', (c) => json(c, avatarView(findAvatar(c.get('world'), c.get('user'), c.req.param('avatarId')))));
