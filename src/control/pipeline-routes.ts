import { Hono } from 'hono';
import type { AppDeps } from './deps.js';
import { json, jsonBody, requestedSandboxId } from '../http/helpers.js';
import { faultsFrom } from '../pipeline/room.js';
import { PipelineDropSchema, PipelineSendSchema, SocketFaultsSchema } from '../pipeline/frame-schema.js';
import { selectSandbox } from '../store/sandboxes.js';
import { parseInput } from '../http/validation.js';

/**
 * /_mock/pipeline: the event sockets of the sandbox `X-Mock-World` names (the default one without it).
 * Frames sent here go through the same delivery, faults included, as the ones the sandbox causes.
 */
export function pipelineControlRoutes(deps: AppDeps) {
  const control = new Hono();
  const roomOf = (header: string | undefined) => deps.sockets.room(selectSandbox(deps.sandboxes, header), header ?? null);

  control.get('/', (c) => {
    const room = roomOf(requestedSandboxId(c));
    const sockets = room.all().map(({ userId, since }) => ({ userId, world: room.sandboxId, since }));
    return json(c, { sockets, frames: room.recent(), faults: room.describe() });
  });
  control.post('/', async (c) => {
    const room = roomOf(requestedSandboxId(c));
    const { userId, type, content } = parseInput(PipelineSendSchema, await jsonBody(c));
    return json(c, { sent: deps.sockets.deliver(room, type, userId === undefined ? 'all' : [userId], content) });
  });

  control.post('/drop', async (c) => {
    const room = roomOf(requestedSandboxId(c));
    const { userId } = parseInput(PipelineDropSchema, await jsonBody(c));
    return json(c, { dropped: deps.sockets.drop(room, userId) });
  });

  control.get('/faults', (c) => json(c, roomOf(requestedSandboxId(c)).describe()));
  control.post('/faults', async (c) => {
    const room = roomOf(requestedSandboxId(c));
    room.faults = faultsFrom(parseInput(SocketFaultsSchema, await jsonBody(c)), Date.now());
    return json(c, room.describe());
  });
  control.delete('/faults', (c) => {
    const room = roomOf(requestedSandboxId(c));
    room.faults = faultsFrom({}, Date.now());
    return json(c, room.describe());
  });

  return control;
}
