import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { createGroup, deleteGroup, listGroupPermissions, searchGroups, updateRepresentation } from './lifecycle.js';
import { cancelTransfer, getTransferability, transferGroup } from './transfer.js';
import { roleTemplatesView } from './templates.js';
import { json, jsonBody, success } from '../../http/helpers.js';

/** Searching, creating, deleting and transferring groups; representation; one's permissions. */
export const groupLifecycleRoutes = new Hono<AppEnv>();

groupLifecycleRoutes.get('/groups/roleTemplates', (c) => json(c, roleTemplatesView()));

groupLifecycleRoutes.get('/groups', (c) => json(c, searchGroups(c.get('sandbox'), c.get('user'), c.req.query())));

groupLifecycleRoutes.post('/groups', async (c) => {
  const body = await jsonBody(c);
  return json(c, createGroup(c.get('sandbox'), c.get('user'), body));
});

groupLifecycleRoutes.delete('/groups/:groupId', (c) =>
  json(c, success(deleteGroup(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query()))),
);

groupLifecycleRoutes.get('/groups/:groupId/permissions', (c) =>
  json(c, listGroupPermissions(c.get('sandbox'), c.get('user'), c.req.param('groupId'))),
);

groupLifecycleRoutes.get('/groups/:groupId/transfer', (c) =>
  json(c, getTransferability(c.get('sandbox'), c.get('user'), c.req.param('groupId'), c.req.query())),
);

groupLifecycleRoutes.post('/groups/:groupId/transfer', async (c) => {
  const body = await jsonBody(c);
  return json(c, success(transferGroup(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body)));
});

groupLifecycleRoutes.delete('/groups/:groupId/transfer', (c) =>
  json(c, success(cancelTransfer(c.get('sandbox'), c.get('user'), c.req.param('groupId')))),
);

groupLifecycleRoutes.put('/groups/:groupId/representation', async (c) => {
  const body = await jsonBody(c);
  return json(c, success(updateRepresentation(c.get('sandbox'), c.get('user'), c.req.param('groupId'), body)));
});
