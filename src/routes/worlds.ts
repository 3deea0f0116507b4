import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { findWorldInstance } from '../domain/instances.js';
import { readInstance } from './instances.js';
import { addWorldTags, findWorld, worldView } from '../domain/worlds.js';
import { json, jsonBody } from '../http.js';

/** Worlds: read one, add tags to one, read one of its instances. */
export const worldRoutes = new Hono<AppEnv>();

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
