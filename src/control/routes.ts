import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from './deps.js';
import { selectSandbox } from '../store/sandboxes.js';
import { ApiError, messages } from '../errors.js';
import { json, jsonBody, requestedSandboxId } from '../http/helpers.js';
import { scenarioControlRoutes } from './scenario-routes.js';
import { parseInput } from '../http/validation.js';
import { lazy } from '../schema/lazy.js';
import { checkClockTime } from '../store/clock-range.js';
import { peopleControlRoutes } from './people-routes.js';
import { consoleRoutes } from './console-routes.js';
import { pipelineControlRoutes } from './pipeline-routes.js';
import { recordControlRoutes } from './record-routes.js';
import { LIMITS, memoryBudget } from '../limits.js';
import { growthReport } from '../store/growth.js';

const ClockChangeSchema = lazy(() =>
  z
    .strictObject({
      advanceMs: z.number().int().min(0).optional(),
      advanceMinutes: z.number().min(0).optional(),
      set: z.iso.datetime({ offset: true }).optional(),
    })
    .refine((change) => Object.keys(change).length === 1, 'must name exactly one of advanceMs, advanceMinutes, set'),
);

const elapsed = (started: number) => Number((performance.now() - started).toFixed(3));

/**
 * The control plane under /_mock: outside /api/1, never behind the public API's auth, and only as
 * reachable as the interface the server listens on (127.0.0.1 by default). `X-Mock-World` picks the
 * sandbox that reset, snapshot, restore and clock act on, as it does for API requests.
 */
export function controlRoutes(deps: AppDeps) {
  const control = new Hono();
  const { sandboxes, scenarios } = deps;

  control.get('/health', (c) => json(c, { status: 'ok' }));
  control.get('/limits', (c) => {
    const sandbox = selectSandbox(sandboxes, requestedSandboxId(c));
    return json(c, { maxMemory: memoryBudget(), limits: LIMITS, growth: growthReport(sandbox) });
  });
  control.route('/', consoleRoutes(deps));
  control.route('/pipeline', pipelineControlRoutes(deps));

  control.post('/reset', (c) => {
    const started = performance.now();
    const id = requestedSandboxId(c);
    if (!sandboxes.reset(id)) throw new ApiError(404, messages.unknownSandbox(id ?? ''));
    scenarios.reset(id);
    return json(c, { reset: true, ms: elapsed(started) });
  });

  control.post('/snapshot', (c) => {
    const started = performance.now();
    sandboxes.snapshot(requestedSandboxId(c));
    return json(c, { snapshot: true, ms: elapsed(started) });
  });
  control.post('/restore', (c) => {
    const started = performance.now();
    sandboxes.restore(requestedSandboxId(c));
    return json(c, { restore: true, ms: elapsed(started) });
  });

  control.route('/', recordControlRoutes(deps));
  control.delete('/worlds/:id', (c) => {
    const id = c.req.param('id');
    if (!sandboxes.remove(id)) throw new ApiError(404, messages.unknownSandbox(id));
    scenarios.reset(id);
    return json(c, { removed: id });
  });

  control.route('/', scenarioControlRoutes(deps));

  control.route('/', peopleControlRoutes(deps));

  control.get('/clock', (c) => {
    const sandbox = selectSandbox(sandboxes, requestedSandboxId(c));
    return json(c, { now: new Date(sandbox.clock.now()).toISOString() });
  });
  control.post('/clock', async (c) => {
    const { clock } = selectSandbox(sandboxes, requestedSandboxId(c));
    const change = parseInput(ClockChangeSchema, await jsonBody(c));
    const target = change.set ? Date.parse(change.set) : clock.now() + (change.advanceMs ?? 0) + (change.advanceMinutes ?? 0) * 60_000;
    clock.set(checkClockTime(target));
    return json(c, { now: new Date(clock.now()).toISOString() });
  });

  return control;
}
