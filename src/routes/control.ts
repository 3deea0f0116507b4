import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../app.js';
import { json, jsonBody } from '../http.js';
import { ScenarioSchema } from '../scenarios/schema.js';
import { parseInput } from '../validation.js';

const ClockChangeSchema = z
  .strictObject({
    advanceMs: z.number().int().min(0).optional(),
    advanceMinutes: z.number().min(0).optional(),
    set: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((change) => Object.keys(change).length === 1, 'must name exactly one of advanceMs, advanceMinutes, set');

/**
 * The control plane under /_mock: outside /api/1, never behind the public API's auth, and only as
 * reachable as the interface the server listens on (127.0.0.1 by default).
 */
export function controlRoutes(deps: AppDeps) {
  const control = new Hono();

  control.get('/health', (c) => json(c, { status: 'ok' }));

  control.post('/reset', (c) => {
    const started = performance.now();
    deps.resetWorld();
    deps.scenarios.reset();
    return json(c, { reset: true, ms: Number((performance.now() - started).toFixed(3)) });
  });

  control.get('/scenarios', (c) => json(c, deps.scenarios.list()));
  control.post('/scenarios', async (c) => {
    const scenario = parseInput(ScenarioSchema, await jsonBody(c));
    deps.scenarios.use(scenario);
    return json(c, { loaded: scenario.name, rules: scenario.rules.length });
  });
  control.delete('/scenarios', (c) => {
    deps.scenarios.reset();
    return json(c, { reset: true });
  });

  control.get('/clock', (c) => json(c, { now: new Date(deps.world.clock.now()).toISOString() }));
  control.post('/clock', async (c) => {
    const change = parseInput(ClockChangeSchema, await jsonBody(c));
    const clock = deps.clock;
    if (change.set) clock.set(Date.parse(change.set));
    if (change.advanceMs) clock.advance(change.advanceMs);
    if (change.advanceMinutes) clock.advance(change.advanceMinutes * 60_000);
    return json(c, { now: new Date(clock.now()).toISOString() });
  });

  return control;
}
