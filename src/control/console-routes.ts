import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { AppDeps } from './deps.js';
import { consolePage, consolePageHeaders } from './console/page.js';
import { consoleScript } from './console/script.js';
import { consoleStyle } from './console/page-style.js';
import { streamRequests } from './request-stream.js';
import { recordById, sandboxPages, type SandboxPageKind } from './console/sandbox-views.js';
import { ApiError, messages } from '../errors.js';
import { json, requestedSandboxId, requestHeader } from '../http/helpers.js';
import { lazy } from '../schema/lazy.js';
import { selectSandbox } from '../store/sandboxes.js';
import { parseInput } from '../http/validation.js';

const PageQuerySchema = lazy(() =>
  z.strictObject({
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    n: z.coerce.number().int().min(1).max(100).default(100),
    search: z.string().max(200).optional(),
  }),
);

/** Where the live list starts: after the entry a reconnecting EventSource got last, or the page's `after`. */
const StreamCursorSchema = lazy(() => z.object({ after: z.coerce.number().int().min(0).optional() }));

const asset = (type: string) => ({
  'Content-Type': `${type}; charset=utf-8`,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
});

/** The console page; app.ts also serves it at `/_mock/`, which a sub-app mounted at /_mock cannot name. */
export const consolePageHandler = (c: Context) => c.html(consolePage, 200, consolePageHeaders);

/**
 * The browser console (`GET /_mock/`) and the reads it makes of a sandbox. Part of the control plane:
 * as reachable as the rest of /_mock, and never shows a password or a secret.
 */
export function consoleRoutes(deps: AppDeps) {
  const routes = new Hono();
  const { sandboxes, journal } = deps;
  routes.get('/', consolePageHandler);
  routes.get('/console', consolePageHandler);
  routes.get('/console.js', async (c) => c.body(await consoleScript(), 200, asset('text/javascript')));
  routes.get('/console.css', (c) => c.body(consoleStyle, 200, asset('text/css')));

  routes.get('/worlds', (c) => json(c, { worlds: ['', ...sandboxes.ids()] }));

  routes.get('/state/:kind', (c) => {
    const kind = c.req.param('kind');
    if (!Object.hasOwn(sandboxPages, kind)) throw new ApiError(404, messages.consoleUnknownView(kind));
    const sandbox = selectSandbox(sandboxes, requestedSandboxId(c));
    const query = parseInput(PageQuerySchema, c.req.query());
    return json(c, sandboxPages[kind as SandboxPageKind](sandbox, query));
  });

  routes.get('/records/:id', (c) => {
    const id = c.req.param('id');
    const record = recordById(selectSandbox(sandboxes, requestedSandboxId(c)), id);
    if (record === undefined) throw new ApiError(404, messages.consoleUnknownRecord(id));
    return json(c, record);
  });

  routes.get('/scenarios/ready-made', (c) => json(c, deps.readyMadeScenarios?.() ?? []));

  routes.get('/requests/stream', (c) => {
    const sandboxId = c.req.query('world') || null;
    selectSandbox(sandboxes, sandboxId ?? undefined);
    const { after } = parseInput(StreamCursorSchema, { after: requestHeader(c, 'last-event-id') ?? c.req.query('after') });
    return streamRequests(c, journal, sandboxId, after);
  });

  return routes;
}
