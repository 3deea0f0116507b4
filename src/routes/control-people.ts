import { Hono } from 'hono';
import type { AppDeps } from '../app.js';
import { outbox } from '../domain/account-extras.js';
import { findUser } from '../domain/accounts.js';
import { movePresence } from '../domain/presence.js';
import { PresenceChangeSchema } from '../schemas/people.js';
import { json, jsonBody } from '../http.js';
import { selectWorld, WORLD_HEADER } from '../store/worlds.js';
import { parseInput } from '../validation.js';

/** People's control plane: move any user, read the email the world sent. */
export function peopleControlRoutes(deps: AppDeps) {
  const control = new Hono();

  control.get('/outbox', (c) => json(c, outbox(selectWorld(deps.worlds, c.req.header(WORLD_HEADER)))));

  control.post('/users/:userId/presence', async (c) => {
    const world = selectWorld(deps.worlds, c.req.header(WORLD_HEADER));
    const change = parseInput(PresenceChangeSchema, await jsonBody(c));
    const user = movePresence(world, findUser(world, c.req.param('userId')), change);
    // Not an API request, so nothing else moves the revision: cached reads of the old presence must go.
    world.revision++;
    const { id, state, location, worldId, instanceId, platform, status } = user;
    return json(c, { id, state, location, worldId, instanceId, platform, status });
  });

  return control;
}
