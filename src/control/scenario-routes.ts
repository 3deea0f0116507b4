import { Hono } from 'hono';
import type { AppDeps } from './deps.js';
import { json, jsonBody, requestedSandboxId } from '../http/helpers.js';
import { journalFilter } from './journal-query.js';
import { DEFAULT_SANDBOX } from '../scenarios/engine.js';
import { ScenarioSchema } from '../scenarios/schema.js';
import { selectSandbox } from '../store/sandboxes.js';
import { parseInput } from '../http/validation.js';
import { SettingsChangeSchema } from '../store/records/settings.js';

/**
 * Scenario rules, the request journal and the sandbox's switches. Rules posted with `X-Mock-World`
 * belong to that sandbox; without it, to the default sandbox.
 */
export function scenarioControlRoutes(deps: AppDeps) {
  const routes = new Hono();
  const { sandboxes, scenarios, journal } = deps;
  const sandboxKey = (id: string | undefined) => {
    selectSandbox(sandboxes, id);
    return id ?? DEFAULT_SANDBOX;
  };

  routes.get('/scenarios', (c) => json(c, scenarios.list(sandboxKey(requestedSandboxId(c)))));
  routes.post('/scenarios', async (c) => {
    const id = requestedSandboxId(c);
    const sandbox = selectSandbox(sandboxes, id);
    const scenario = parseInput(ScenarioSchema, await jsonBody(c));
    scenarios.use(scenario, id ?? DEFAULT_SANDBOX, sandbox.clock.now());
    return json(c, { loaded: scenario.name, rules: scenario.rules.length });
  });
  routes.delete('/scenarios', (c) => {
    scenarios.reset(sandboxKey(requestedSandboxId(c)));
    return json(c, { reset: true });
  });

  routes.get('/requests', (c) => json(c, journal.list(journalFilter(c.req.query(), requestedSandboxId(c)))));
  routes.get('/requests.har', async (c) => {
    // The console's download link carries the token in the query, as its event stream does.
    const { token: _, ...query } = c.req.query();
    const filter = journalFilter(query, requestedSandboxId(c));
    const { journalHar } = await import('./journal-har.js');
    const har = journalHar(journal, filter, new URL(c.req.url).origin, deps.harSecrets ?? 'redact');
    return c.body(JSON.stringify(har, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="requests.har"',
    });
  });
  routes.get('/requests/count', (c) => json(c, { count: journal.count(journalFilter(c.req.query(), requestedSandboxId(c))) }));
  routes.delete('/requests', (c) => {
    journal.clear(journalFilter(c.req.query(), requestedSandboxId(c)));
    return json(c, { cleared: true });
  });

  routes.get('/settings', (c) => json(c, selectSandbox(sandboxes, requestedSandboxId(c)).settings));
  routes.patch('/settings', async (c) => {
    const { settings } = selectSandbox(sandboxes, requestedSandboxId(c));
    Object.assign(settings, parseInput(SettingsChangeSchema, await jsonBody(c)));
    return json(c, settings);
  });

  return routes;
}
