import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { findWorldInstance } from '../domain/instances.js';
import { readInstance } from './instances.js';
import { addWorldTags, findWorld, worldView } from '../domain/worlds.js';
import { activeWorlds, favoriteWorlds, recentWorlds, searchWorlds } from '../domain/world-lists.js';
import { cachedJson, json, jsonBody, rawQuery } from '../http.js';

/** Worlds: search and the lists, read one, add tags to one, read one of its instances. */
export const worldRoutes = new Hono<AppEnv>();

type WorldList = typeof searchWorlds;

/** A world list, answered from the read cache unless its order moves with the clock (shuffle). */
function listRoute(path: string, list: WorldList) {
  worldRoutes.get(path, (c) => {
    const user = c.get('user');
    const read = () => list(c.get('world'), user, c.req.query());
    if (c.req.query('sort') === 'shuffle') return json(c, read());
    return cachedJson(c, `${path} ${user.id} ${rawQuery(c)}`, read);
  });
}

// The literal paths before /worlds/:worldId, which would take them as ids.
listRoute('/worlds', searchWorlds);
listRoute('/worlds/active', activeWorlds);
listRoute('/worlds/recent', recentWorlds);
listRoute('/worlds/favorites', favoriteWorlds);

worldRoutes.get('/worlds/:worldId', (c) => {
  const world = c.get('world');
  return json(c, worldView(world, findWorld(world, c.req.param('worldId'))));
});

worldRoutes.post('/worlds/:worldId/addTags', async (c) => {
  const body = await jsonBody(c);
  const world = c.get('world');
  return json(c, worldView(world, addWorldTags(world, c.get('user'), c.req.param('worldId'), body)));
});

worldRoutes.get('/worlds/:worldId/:instanceId', (c) => {
  const { worldId, instanceId } = c.req.param();
  return readInstance(c, `${worldId}:${instanceId}`, () => findWorldInstance(c.get('world'), worldId, instanceId));
});
