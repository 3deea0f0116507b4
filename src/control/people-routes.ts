import { Hono } from 'hono';
import type { AppDeps } from './deps.js';
import { outbox } from '../areas/authentication/public.js';
import { assignBadge, findUser, movePresence, unassignBadge } from '../areas/users/public.js';
import { PresenceChangeSchema } from '../store/records/people.js';
import { json, jsonBody, requestedSandboxId } from '../http/helpers.js';
import { selectSandbox } from '../store/sandboxes.js';
import { parseInput } from '../http/validation.js';

/** People's control plane: move any user, give or take a badge, read the email the sandbox sent. */
export function peopleControlRoutes(deps: AppDeps) {
  const control = new Hono();

  control.get('/outbox', (c) => json(c, outbox(selectSandbox(deps.sandboxes, requestedSandboxId(c)))));

  control.post('/users/:userId/presence', async (c) => {
    const sandbox = selectSandbox(deps.sandboxes, requestedSandboxId(c));
    const change = parseInput(PresenceChangeSchema, await jsonBody(c));
    const user = movePresence(sandbox, findUser(sandbox, c.req.param('userId')), change);
    const { id, state, location, worldId, instanceId, platform, status } = user;
    return json(c, { id, state, location, worldId, instanceId, platform, status });
  });

  control.post('/users/:userId/badges', async (c) => {
    const sandbox = selectSandbox(deps.sandboxes, requestedSandboxId(c));
    return json(c, assignBadge(sandbox, c.req.param('userId'), await jsonBody(c)));
  });

  control.delete('/users/:userId/badges/:badgeId', (c) => {
    const sandbox = selectSandbox(deps.sandboxes, requestedSandboxId(c));
    unassignBadge(sandbox, c.req.param('userId'), c.req.param('badgeId'));
    return json(c, { unassigned: c.req.param('badgeId') });
  });

  return control;
}
