// The control client's scenario types are the schema the server checks rules with: every matcher
// docs/scenarios.md documents type-checks (npm run typecheck compiles this file) and the server takes it.
import { expect, it } from 'vitest';
import type { ScenarioFile, ScenarioRule } from '../../src/control/client.js';
import { parseScenario } from '../../src/scenarios/check.js';

const documentedMatchers: ScenarioRule[] = [
  {
    match: { method: 'POST', path: '/groups/:groupId/invites', query: { n: '*' }, headers: { 'x-platform': 'android' } },
    response: { status: 429, message: 'slow down' },
  },
  { match: { path: '/auth/user', user: 'bob' }, fault: 'connection-reset' },
  { match: { path: '/auth/user', session: 'authcookie_x' }, delayMs: 10 },
  { match: { path: '/groups/*', world: '*' }, response: { status: 503 } },
  { match: { path: '/groups', body: { name: 'Test', 'privacy.level': '*' } }, response: { status: 400, message: 'no' } },
  { match: { path: '/groups/*', not: { user: 'bob' } }, response: { status: 403 } },
  { match: { path: '/auth/user' }, rateLimit: { limit: 3, windowMs: 60_000, per: 'user', retryAfter: true } },
  { match: { path: '/config' }, sequence: [{ response: { status: 500 } }, { fault: 'empty-response' }] },
];

it('takes every documented matcher, typed as the server checks it', () => {
  const scenario: ScenarioFile = { name: 'documented', rules: documentedMatchers };
  expect(() => parseScenario(scenario, 'scenario')).not.toThrow();
});
