import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { AppDeps } from './deps.js';
import { consolePage } from './console/page.js';
import { streamRequests } from './request-stream.js';
import { createHash } from 'node:crypto';
import { consoleScript } from './console/page-script.js';
import { recordById, worldPages, type WorldPageKind } from './console/world-views.js';
import { ApiError, messages } from '../errors.js';
import { json, requestedWorldId } from '../http/helpers.js';
import { lazy } from '../schema/lazy.js';
import { selectWorld } from '../store/worlds.js';
import { parseInput } from '../http/validation.js';

const PageQuerySchema = lazy(() => z.strictObject({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  n: z.coerce.number().int().min(1).max(100).default(100),
  search: z.string().max(200).optional(),
}));

/**
 * What the console page may do: run its own script (by hash) and styles, call its own origin, and
 * nothing else; no site may frame it, so no page can trick a click on its buttons.
 */
const CONSOLE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': [
    "default-src 'none'",
    `script-src 'sha256-${createHash('sha256').update(consoleScript).digest('base64')}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
};

/** The console page; app.ts also serves it at `/_mock/`, which a sub-app mounted at /_mock cannot name. */
export const consolePageHandler = (c: Context) => c.html(consolePage, 200, CONSOLE_HEADERS);

/**
 * The browser console (`GET /_mock/`) and the reads it makes of a world. Part of the control plane:
 * as reachable as the rest of /_mock, and never shows a password or a secret.
 */
export function consoleRoutes(deps: AppDeps) {
  const routes = new Hono();
  const { worlds, journal } = deps;
  routes.get('/', consolePageHandler);
  routes.get('/console', consolePageHandler);

  routes.get('/worlds', (c) => json(c, { worlds: ['', ...worlds.ids()] }));

  routes.get('/state/:kind', (c) => {
    const kind = c.req.param('kind');
    if (!Object.hasOwn(worldPages, kind)) throw new ApiError(404, messages.consoleUnknownView(kind));
    const world = selectWorld(worlds, requestedWorldId(c));
    const query = parseInput(PageQuerySchema, c.req.query());
    return json(c, worldPages[kind as WorldPageKind](world, query));
  });

  routes.get('/records/:id', (c) => {
    const id = c.req.param('id');
    const record = recordById(selectWorld(worlds, requestedWorldId(c)), id);
    if (record === undefined) throw new ApiError(404, messages.consoleUnknownRecord(id));
    return json(c, record);
  });

  routes.get('/scenarios/ready-made', (c) => json(c, deps.readyMadeScenarios?.() ?? []));

  routes.get('/requests/stream', (c) => {
    const world = c.req.query('world') || null;
    selectWorld(worlds, world ?? undefined);
    return streamRequests(c, journal, world);
  });

  return routes;
}
