import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json, jsonBody } from '../../http/helpers.js';
import { createProp, deleteProp, findProp, listProps, ownProp, propView, publishStatus, setPublished, updateProp } from './props.js';

/** Props: objects their authors build and publish for others to summon. */
export const propRoutes = new Hono<AppEnv>();

propRoutes.get('/props', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    listProps(sandbox, c.get('user'), c.req.query()).map((prop) => propView(sandbox, prop)),
  );
});

propRoutes.post('/props', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, propView(sandbox, createProp(sandbox, c.get('user'), await jsonBody(c))));
});

propRoutes.get('/props/:propId', (c) => {
  const sandbox = c.get('sandbox');
  return json(c, propView(sandbox, findProp(sandbox, c.get('user'), c.req.param('propId'))));
});

propRoutes.put('/props/:propId', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, propView(sandbox, updateProp(sandbox, c.get('user'), c.req.param('propId'), await jsonBody(c))));
});

// The description answers an empty 200.
propRoutes.delete('/props/:propId', (c) => {
  deleteProp(c.get('sandbox'), c.get('user'), c.req.param('propId'));
  return c.body(null, 200);
});

propRoutes.get('/props/:propId/publish', (c) => json(c, publishStatus(ownProp(c.get('sandbox'), c.get('user'), c.req.param('propId')))));
propRoutes.put('/props/:propId/publish', (c) => json(c, setPublished(c.get('sandbox'), c.get('user'), c.req.param('propId'), true)));
propRoutes.delete('/props/:propId/publish', (c) => json(c, setPublished(c.get('sandbox'), c.get('user'), c.req.param('propId'), false)));
