import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { cachedJson, json } from '../../http/helpers.js';
import { apiConfig, generatedConfig, health, onlineUsers, systemTime } from './system.js';

/** The operations clients call before logging in: none needs a session (see the operations table). */
export const systemRoutes = new Hono<AppEnv>();

systemRoutes.get('/config', async (c) => {
  const generated = await generatedConfig(c.get('sandbox'));
  return cachedJson(c, 'config', () => apiConfig(c.get('sandbox'), generated));
});
systemRoutes.get('/time', (c) => json(c, systemTime(c.get('sandbox'))));
systemRoutes.get('/visits', (c) => json(c, onlineUsers(c.get('sandbox'))));
systemRoutes.get('/health', (c) => json(c, health));
