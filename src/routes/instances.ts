import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { discoverInstances } from '../domain/instance-discovery.js';
import { closeInstance, createInstance, findInstance, instanceView } from '../domain/instances.js';
import { json, jsonBody } from '../http.js';

/**
 * Instances: create, discover, read and close. An instance is addressed by its location,
 * `{worldId}:{instanceId}`, as ONE path segment; `discover` is registered first so it is never read as one.
 */
export const instanceRoutes = new Hono<AppEnv>();

instanceRoutes.get('/instances/discover', (c) => json(c, discoverInstances(c.get('world'), c.get('user'), c.req.query())));

instanceRoutes.post('/instances', async (c) => {
  const body = await jsonBody(c);
  const world = c.get('world');
  const user = c.get('user');
  return json(c, instanceView(world, user, createInstance(world, user, body)));
});

instanceRoutes.get('/instances/:location', (c) => {
  const world = c.get('world');
  const user = c.get('user');
  return json(c, instanceView(world, user, findInstance(world, c.req.param('location'))));
});

instanceRoutes.delete('/instances/:location', (c) => {
  const world = c.get('world');
  const user = c.get('user');
  return json(c, instanceView(world, user, closeInstance(world, user, c.req.param('location'), c.req.query())));
});
