import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { cachedJson, json } from '../../http/helpers.js';
import { apiConfig, generatedConfig, health, onlineUsers, systemTime } from './system.js';
import { webAsset, webAssets } from './web-assets.js';

/**
 * The operations clients call before logging in: none needs a session (see the operations table), but
 * `/health`, which the live service refuses to everyone.
 */
export const systemRoutes = new Hono<AppEnv>();

systemRoutes.get('/config', async (c) => {
  const generated = await generatedConfig(c.get('sandbox'));
  return cachedJson(c, 'config', () => apiConfig(c.get('sandbox'), generated));
});
systemRoutes.get('/time', (c) => json(c, systemTime(c.get('sandbox'))));
systemRoutes.get('/visits', (c) => json(c, onlineUsers(c.get('sandbox'))));
systemRoutes.get('/health', () => health());

function sendAsset(c: Context<AppEnv>, kind: keyof typeof webAssets) {
  const asset = webAsset(kind, c.get('user'), c.req.query());
  return c.body(asset.text, 200, { 'Content-Type': asset.contentType });
}

systemRoutes.get('/css/app.css', (c) => sendAsset(c, 'css'));
systemRoutes.get('/js/app.js', (c) => sendAsset(c, 'js'));
