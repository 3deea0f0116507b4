import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { json, requestOrigin } from '../../http/helpers.js';
import { multipartBody } from '../../http/request-body.js';
import { deletePrint, editPrint, findPrint, listUserPrints, printView, uploadPrint } from './prints.js';

/** Prints: photos taken in VRChat worlds, each a PNG file of its author. */
export const printRoutes = new Hono<AppEnv>();

/** The image links point back at the server the client called. */

/** A multipart form (counted as it arrives, like every body) as the print operations send it: the `image` field's bytes and the other fields as text. */
async function formOf(c: Context<AppEnv>) {
  const { image, ...fields } = await multipartBody(c);
  const bytes = image instanceof File ? new Uint8Array(await image.arrayBuffer()) : undefined;
  return { fields, bytes };
}

printRoutes.post('/prints', async (c) => {
  const { fields, bytes } = await formOf(c);
  const sandbox = c.get('sandbox');
  return json(c, printView(sandbox, uploadPrint(sandbox, c.get('user'), fields, bytes), requestOrigin(c)));
});

printRoutes.get('/prints/user/:userId', (c) => {
  const sandbox = c.get('sandbox');
  return json(
    c,
    listUserPrints(sandbox, c.get('user'), c.req.param('userId')).map((print) => printView(sandbox, print, requestOrigin(c))),
  );
});

printRoutes.get('/prints/:printId', (c) =>
  json(c, printView(c.get('sandbox'), findPrint(c.get('sandbox'), c.req.param('printId')), requestOrigin(c))),
);

printRoutes.post('/prints/:printId', async (c) => {
  const { fields, bytes } = await formOf(c);
  const sandbox = c.get('sandbox');
  return json(c, printView(sandbox, editPrint(sandbox, c.get('user'), c.req.param('printId'), fields, bytes), requestOrigin(c)));
});

// The description answers an empty 200.
printRoutes.delete('/prints/:printId', (c) => {
  deletePrint(c.get('sandbox'), c.get('user'), c.req.param('printId'));
  return c.body(null, 200);
});
