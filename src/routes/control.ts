import { Hono } from 'hono';
import type { AppDeps } from '../app.js';
import { json } from '../http.js';

/** The control plane under /_mock: outside /api/1, never behind the public API's auth. */
export function controlRoutes(deps: AppDeps) {
  const control = new Hono();
  control.get('/health', (c) => json(c, { status: 'ok', users: deps.world.users.size }));
  return control;
}
