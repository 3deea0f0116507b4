import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from './deps.js';
import { WORLD_HEADER } from '../store/sandboxes.js';
import { json, jsonBody } from '../http/helpers.js';
import { parseInput } from '../http/validation.js';
import { lazy } from '../schema/lazy.js';
import { checkClockTime } from '../store/clock-range.js';
import { deleteRecord, putRecord } from '../store/fixtures/inline-fixtures.js';

const NewWorldSchema = lazy(() =>
  z.strictObject({
    fixtures: z.record(z.string(), z.unknown()).optional(),
    replace: z.boolean().optional(),
    base: z.enum(['starting', 'empty']).optional(),
    seed: z.number().int().optional(),
    clock: z.iso.datetime({ offset: true }).optional(),
  }),
);

const elapsed = (started: number) => Number((performance.now() - started).toFixed(3));

/**
 * Sandboxes arranged in one call (`POST /worlds` with inline fixtures) and single records of a running
 * sandbox put or deleted (`/records/{collection}`), all checked as fixture files are.
 */
export function recordControlRoutes(deps: AppDeps) {
  const routes = new Hono();
  const { sandboxes } = deps;

  routes.post('/worlds', async (c) => {
    const started = performance.now();
    const given = await jsonBody(c);
    // A sandbox of the default records (no body) has nothing to check.
    const body = Object.keys(given).length === 0 ? {} : parseInput(NewWorldSchema, given);
    const clock = body.clock === undefined ? undefined : checkClockTime(Date.parse(body.clock));
    const { id } = sandboxes.create({ fixtures: body.fixtures, replace: body.replace, base: body.base, seed: body.seed, clock });
    return json(c, { id, header: 'X-Mock-World', ms: elapsed(started) });
  });

  routes.put('/records/:collection', async (c) => {
    const collection = c.req.param('collection');
    const record = await jsonBody(c);
    sandboxes.change(c.req.header(WORLD_HEADER), (data) => putRecord(data, collection, record));
    return json(c, { put: collection });
  });
  routes.delete('/records/:collection/:id', (c) => {
    const { collection, id } = c.req.param();
    sandboxes.change(c.req.header(WORLD_HEADER), (data) => deleteRecord(data, collection, id));
    return json(c, { deleted: id });
  });

  return routes;
}
