import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { findWorldInstance, readInstance } from '../instances/public.js';
import { addWorldTags, findWorld, worldView } from './worlds.js';
import { activeWorlds, favoriteWorlds, recentWorlds, searchWorlds } from './lists.js';
import {
  createWorld,
  deleteWorld,
  deleteWorldPlatform,
  publishStatus,
  publishWorld,
  removeWorldTags,
  unpublishWorld,
  updateWorld,
  worldMetadata,
} from './authoring.js';
import { messages } from '../../errors.js';
import { cachedJson, json, jsonBody, rawQuery, success } from '../../http/helpers.js';
import { queryOf } from '../../schema/query.js';
import { WorldListQuerySchema } from './query.js';

/** Worlds: search and the lists, read one, add tags to one, read one of its instances. */
export const worldRoutes = new Hono<AppEnv>();

type WorldList = typeof searchWorlds;

/** A world list, answered from the read cache unless its order moves with the clock (shuffle). */
function listRoute(path: string, list: WorldList) {
  worldRoutes.get(path, (c) => {
    const user = c.get('user');
    const read = () => list(c.get('sandbox'), user, queryOf(c, WorldListQuerySchema));
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
  const sandbox = c.get('sandbox');
  return json(c, worldView(sandbox, findWorld(sandbox, c.req.param('worldId'))));
});

worldRoutes.post('/worlds/:worldId/addTags', async (c) => {
  const body = await jsonBody(c);
  const sandbox = c.get('sandbox');
  return json(c, worldView(sandbox, addWorldTags(sandbox, c.get('user'), c.req.param('worldId'), body)));
});

worldRoutes.post('/worlds', async (c) => {
  const body = await jsonBody(c);
  const sandbox = c.get('sandbox');
  return json(c, worldView(sandbox, createWorld(sandbox, c.get('user'), body)));
});

worldRoutes.put('/worlds/:worldId', async (c) => {
  const body = await jsonBody(c);
  const sandbox = c.get('sandbox');
  return json(c, worldView(sandbox, updateWorld(sandbox, c.get('user'), c.req.param('worldId'), body)));
});

worldRoutes.delete('/worlds/:worldId', (c) => {
  deleteWorld(c.get('sandbox'), c.get('user'), c.req.param('worldId'));
  return json(c, success(messages.worldDeleted));
});

// The newer description and current clients say /deleteTags; the live service still answers /removeTags alike.
const removeTags = async (c: Context<AppEnv, '/worlds/:worldId/removeTags'>) => {
  const body = await jsonBody(c);
  const sandbox = c.get('sandbox');
  return json(c, worldView(sandbox, removeWorldTags(sandbox, c.get('user'), c.req.param('worldId'), body)));
};
worldRoutes.post('/worlds/:worldId/deleteTags', removeTags);
worldRoutes.post('/worlds/:worldId/removeTags', removeTags);

// Literal second segments before /worlds/:worldId/:instanceId, which would take them as instance ids.
worldRoutes.get('/worlds/:worldId/metadata', (c) => json(c, worldMetadata(c.get('sandbox'), c.req.param('worldId'))));

worldRoutes.get('/worlds/:worldId/publish', (c) => json(c, publishStatus(c.get('sandbox'), c.get('user'), c.req.param('worldId'))));

worldRoutes.put('/worlds/:worldId/publish', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, worldView(sandbox, publishWorld(sandbox, c.get('user'), c.req.param('worldId'))));
});

worldRoutes.delete('/worlds/:worldId/publish', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, worldView(sandbox, unpublishWorld(sandbox, c.get('user'), c.req.param('worldId'))));
});

worldRoutes.delete('/worlds/:worldId/platform/:platform', (c) => {
  const sandbox = c.get('sandbox');
  const { worldId, platform } = c.req.param();
  return json(c, worldView(sandbox, deleteWorldPlatform(sandbox, c.get('user'), worldId, platform)));
});

worldRoutes.get('/worlds/:worldId/:instanceId', (c) => {
  const { worldId, instanceId } = c.req.param();
  return readInstance(c, `${worldId}:${instanceId}`, () => findWorldInstance(c.get('sandbox'), worldId, instanceId));
});
