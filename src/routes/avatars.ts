import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { avatarView, findAvatar, listFavoriteAvatars } from '../domain/avatars.js';
import { json } from '../http.js';

export const avatarRoutes = new Hono<AppEnv>();

avatarRoutes.get('/avatars/favorites', (c) =>
  json(c, listFavoriteAvatars(c.get('world'), c.get('user'), c.req.query()).map(avatarView)),
);

avatarRoutes.get('/avatars/:avatarId', (c) => json(c, avatarView(findAvatar(c.get('world'), c.get('user'), c.req.param('avatarId')))));
