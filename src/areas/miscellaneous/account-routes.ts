import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json, jsonBody } from '../../http/helpers.js';
import {
  assignedPermissions,
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  updatePermission,
} from './permissions.js';
import { infoPushes } from './info-push.js';

/** The miscellaneous operations that need a session: permissions, info pushes. */
export const miscellaneousRoutes = new Hono<AppEnv>();

miscellaneousRoutes.get('/auth/permissions', (c) => json(c, assignedPermissions(c.get('sandbox'), c.get('user'))));

miscellaneousRoutes.get('/permissions/:permissionId', (c) =>
  json(c, getPermission(c.get('sandbox'), c.get('user'), c.req.param('permissionId'))),
);

miscellaneousRoutes.get('/permissions', (c) => json(c, listPermissions(c.get('sandbox'), c.get('user'))));

miscellaneousRoutes.post('/permissions', async (c) =>
  json(c, createPermission(c.get('sandbox'), c.get('user'), await jsonBody(c), c.req.query())),
);

miscellaneousRoutes.put('/permissions/:permissionId', async (c) =>
  json(c, updatePermission(c.get('sandbox'), c.get('user'), c.req.param('permissionId'), await jsonBody(c))),
);

miscellaneousRoutes.delete('/permissions/:permissionId', (c) =>
  json(c, deletePermission(c.get('sandbox'), c.get('user'), c.req.param('permissionId'))),
);

miscellaneousRoutes.get('/infoPush', (c) => json(c, infoPushes(c.get('sandbox'), c.req.queries('include'), c.req.queries('require'))));
