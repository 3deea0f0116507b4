import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { listAuditLogs, listAuditLogTypes } from '../domain/groups-audit.js';
import { json } from '../http.js';

/** A group's audit log, posts, announcement and galleries. */
export const groupContentRoutes = new Hono<AppEnv>();

groupContentRoutes.get('/groups/:groupId/auditLogTypes', (c) =>
  json(c, listAuditLogTypes(c.get('world'), c.get('user'), c.req.param('groupId'))),
);

groupContentRoutes.get('/groups/:groupId/auditLogs', (c) =>
  json(c, listAuditLogs(c.get('world'), c.get('user'), c.req.param('groupId'), c.req.query())),
);
