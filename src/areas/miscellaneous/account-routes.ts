import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json } from '../../http/helpers.js';
import { assignedPermissions, getPermission } from './permissions.js';
import { infoPushes } from './info-push.js';

/** The miscellaneous operations that need a session: permissions, info pushes. */
export const miscellaneousRoutes = new Hono<AppEnv>();

miscellaneousRoutes.get('/auth/permissions', (c) => json(c, assignedPermissions(c.get('sandbox'), c.get('user'))));

miscellaneousRoutes.get('/permissions/:permissionId', (c) =>
  json(c, getPermission(c.get('sandbox'), c.get('user'), c.req.param('permissionId'))),
);

miscellaneousRoutes.get('/infoPush', (c) => json(c, infoPushes(c.get('sandbox'), c.req.queries('include'), c.req.queries('require'))));
