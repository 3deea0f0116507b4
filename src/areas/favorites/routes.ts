import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { messages } from '../../errors.js';
import { addFavorite, FavoritesQuerySchema, favoriteView, listFavorites, removeFavorite } from './favorites.js';
import { clearFavoriteGroup, getFavoriteGroup, listFavoriteGroups, updateFavoriteGroup } from './favorite-groups.js';
import { FAVORITE_LIMITS } from '../../store/records/favorite-limits.js';
import { cachedJson, json, jsonBody, rawQuery, success } from '../../http/helpers.js';
import { queryOf } from '../../schema/query.js';

/** Favorites of every type, their groups and the limits that hold them. */
export const favoriteRoutes = new Hono<AppEnv>();

favoriteRoutes.get('/favorites', (c) => {
  const user = c.get('user');
  return cachedJson(c, `favorites-all ${user.id} ${rawQuery(c)}`, () =>
    listFavorites(c.get('sandbox'), user, queryOf(c, FavoritesQuerySchema)),
  );
});

favoriteRoutes.post('/favorites', async (c) => {
  const body = await jsonBody(c);
  return json(c, favoriteView(addFavorite(c.get('sandbox'), c.get('user'), body)));
});

favoriteRoutes.delete('/favorites/:favoriteId', (c) => {
  removeFavorite(c.get('sandbox'), c.get('user'), c.req.param('favoriteId'));
  return json(c, success(messages.favoriteDeleted));
});

favoriteRoutes.get('/favorite/groups', (c) => json(c, listFavoriteGroups(c.get('sandbox'), c.get('user'), c.req.query())));

favoriteRoutes.get('/favorite/group/:type/:name/:userId', (c) => {
  const { type, name, userId } = c.req.param();
  return json(c, getFavoriteGroup(c.get('sandbox'), c.get('user'), type, name, userId));
});

favoriteRoutes.put('/favorite/group/:type/:name/:userId', async (c) => {
  const body = await jsonBody(c);
  const { type, name, userId } = c.req.param();
  return json(c, updateFavoriteGroup(c.get('sandbox'), c.get('user'), type, name, userId, body));
});

favoriteRoutes.delete('/favorite/group/:type/:name/:userId', (c) => {
  const { type, name, userId } = c.req.param();
  clearFavoriteGroup(c.get('sandbox'), c.get('user'), type, name, userId);
  return json(c, success(messages.favoriteDeleted));
});

favoriteRoutes.get('/auth/user/favoritelimits', (c) => json(c, FAVORITE_LIMITS));
