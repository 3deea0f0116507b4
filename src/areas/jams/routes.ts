import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json, jsonBody, success } from '../../http/helpers.js';
import { findJam, jamView, listJams, listSubmissions, submissionView, submitToJam, withdrawSubmission } from './jams.js';

/** World and avatar jams and what their participants submit. */
export const jamRoutes = new Hono<AppEnv>();

jamRoutes.get('/jams', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    listJams(sandbox, c.req.query()).map((jam) => jamView(sandbox, jam)),
  );
});

jamRoutes.get('/jams/:jamId', (c) => json(c, jamView(c.get('sandbox'), findJam(c.get('sandbox'), c.req.param('jamId')))));

jamRoutes.get('/jams/:jamId/submissions', (c) =>
  json(c, listSubmissions(c.get('sandbox'), c.req.param('jamId'), c.req.query()).map(submissionView)),
);

jamRoutes.post('/jams/:jamId/submissions', async (c) =>
  json(c, submissionView(submitToJam(c.get('sandbox'), c.get('user'), c.req.param('jamId'), await jsonBody(c)))),
);

jamRoutes.delete('/jams/:jamId/submissions/:jamSubmissionId', (c) => {
  withdrawSubmission(c.get('sandbox'), c.get('user'), c.req.param('jamId'), c.req.param('jamSubmissionId'));
  return json(c, success('Jam submission withdrawn'));
});
