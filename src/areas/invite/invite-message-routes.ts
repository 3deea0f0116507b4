import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { getInviteMessage, listInviteMessages, resetInviteMessage, updateInviteMessage } from './invite-messages.js';
import { json, jsonBody } from '../../http/helpers.js';

/** A user's invite messages: twelve slots per message type, editable with a cooldown, resettable. */
export const inviteMessageRoutes = new Hono<AppEnv>();

inviteMessageRoutes.get('/message/:userId/:messageType', (c) =>
  json(c, listInviteMessages(c.get('sandbox'), c.get('user'), c.req.param())),
);

inviteMessageRoutes.get('/message/:userId/:messageType/:slot', (c) =>
  json(c, getInviteMessage(c.get('sandbox'), c.get('user'), c.req.param())),
);

inviteMessageRoutes.put('/message/:userId/:messageType/:slot', async (c) => {
  const body = await jsonBody(c);
  return json(c, updateInviteMessage(c.get('sandbox'), c.get('user'), c.req.param(), body));
});

inviteMessageRoutes.delete('/message/:userId/:messageType/:slot', (c) =>
  json(c, resetInviteMessage(c.get('sandbox'), c.get('user'), c.req.param())),
);
