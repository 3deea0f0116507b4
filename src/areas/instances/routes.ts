import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { discoverInstances } from './discovery.js';
import { closeInstance, createInstance, instanceView, readableInstance } from './instances.js';
import { spanWithoutCloses } from '../../store/instance-state.js';
import { cachedJson, json, jsonBody } from '../../http/helpers.js';
import type { InstanceRecord } from '../../store/records/instances.js';
import type { UserRecord } from '../../store/records/user.js';
import { findByShortName, instanceNames, recentInstances } from './lists.js';

/**
 * Instances: create, discover, read and close. An instance is addressed by its location,
 * `{worldId}:{instanceId}`, as ONE path segment; `discover` is registered first so it is never read as one.
 */
export const instanceRoutes = new Hono<AppEnv>();

/**
 * An instance as the viewer reads it. The answer follows from the records and from which of its
 * world's instances have closed, so it is kept until a write or the next planned close. getInstance is
 * served without a session too (as live), so there may be no viewer.
 */
export function readInstance(c: Context<AppEnv>, location: string, find: () => InstanceRecord): Response {
  const sandbox = c.get('sandbox');
  const user = c.get('user') as UserRecord | undefined;
  const worldInstances = sandbox.instancesByWorld.get(location.slice(0, location.indexOf(':'))) ?? [];
  const span = spanWithoutCloses(worldInstances, sandbox.clock.now());
  return cachedJson(c, `instance ${location} ${user?.id ?? ''}`, () => instanceView(sandbox, user, find()), span);
}

instanceRoutes.get('/instances/discover', (c) => json(c, discoverInstances(c.get('sandbox'), c.get('user'), c.req.query())));

instanceRoutes.post('/instances', async (c) => {
  const body = await jsonBody(c);
  const sandbox = c.get('sandbox');
  const user = c.get('user');
  return json(c, instanceView(sandbox, user, createInstance(sandbox, user, body)));
});

// Literal paths before /instances/:location, which would take them as locations.
instanceRoutes.get('/instances/recent', (c) => json(c, recentInstances(c.get('sandbox'), c.get('user'), c.req.query())));

instanceRoutes.get('/instances/s/:shortName', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, instanceView(sandbox, c.get('user'), findByShortName(sandbox, c.req.param('shortName'))));
});

instanceRoutes.get('/instances/:location/shortName', (c) => json(c, instanceNames(c.get('sandbox'), c.req.param('location'))));

instanceRoutes.get('/instances/:location', (c) => {
  const location = c.req.param('location');
  return readInstance(c, location, () => readableInstance(c.get('sandbox'), location));
});

instanceRoutes.delete('/instances/:location', (c) => {
  const sandbox = c.get('sandbox');
  const user = c.get('user');
  return json(c, instanceView(sandbox, user, closeInstance(sandbox, user, c.req.param('location'), c.req.query())));
});
