import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import {
  clearPlayerModerations,
  createAvatarModeration,
  deleteAvatarModeration,
  deleteModerationReport,
  listAvatarModerations,
  listModerationReports,
  listPlayerModerations,
  moderateUser,
  moderationReportView,
  playerModerationView,
  submitModerationReport,
  unmoderateUser,
} from './moderation.js';
import { json, jsonBody, success } from '../../http/helpers.js';

/** Player and avatar moderations of the requester, and moderation reports. */
export const moderationRoutes = new Hono<AppEnv>();

moderationRoutes.get('/auth/user/playermoderations', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    listPlayerModerations(sandbox, c.get('user'), c.req.query()).map((r) => playerModerationView(sandbox, r)),
  );
});

moderationRoutes.post('/auth/user/playermoderations', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, playerModerationView(sandbox, moderateUser(sandbox, c.get('user'), await jsonBody(c))));
});

moderationRoutes.delete('/auth/user/playermoderations', (c) => {
  clearPlayerModerations(c.get('sandbox'), c.get('user'));
  return json(c, success('OK'));
});

moderationRoutes.put('/auth/user/unplayermoderate', async (c) =>
  json(c, success(unmoderateUser(c.get('sandbox'), c.get('user'), await jsonBody(c)))),
);

moderationRoutes.get('/auth/user/avatarmoderations', (c) => json(c, listAvatarModerations(c.get('sandbox'), c.get('user'))));

moderationRoutes.post('/auth/user/avatarmoderations', async (c) =>
  json(c, createAvatarModeration(c.get('sandbox'), c.get('user'), await jsonBody(c))),
);

moderationRoutes.delete('/auth/user/avatarmoderations', (c) =>
  json(c, deleteAvatarModeration(c.get('sandbox'), c.get('user'), c.req.query())),
);

moderationRoutes.get('/moderationReports', (c) => json(c, listModerationReports(c.get('sandbox'), c.get('user'), c.req.query())));

moderationRoutes.post('/moderationReports', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, moderationReportView(sandbox, submitModerationReport(sandbox, c.get('user'), await jsonBody(c))));
});

moderationRoutes.delete('/moderationReports/:moderationReportId', (c) =>
  json(c, deleteModerationReport(c.get('sandbox'), c.get('user'), c.req.param('moderationReportId'))),
);
