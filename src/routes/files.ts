import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.js';
import { downloadPart, downloadVersion, finishUpload, startUpload, type Download } from '../domain/file-uploads.js';
import {
  createFile,
  createFileVersion,
  fileView,
  findAdminAssetBundle,
  findFile,
  listFiles,
} from '../domain/files.js';
import { json, jsonBody } from '../http.js';
import { uploadUrl } from './uploads.js';

/** Files, their versions and uploads, and admin asset bundles. */
export const fileRoutes = new Hono<AppEnv>();

/** Part urls and upload URLs point back at the server the client called. */
const origin = (c: Context) => new URL(c.req.url).origin;

function sendBytes(c: Context, download: Download): Response {
  const fileName = download.fileName.replace(/[^\w.-]/g, '_');
  return c.body(download.bytes, 200, {
    'Content-Type': download.contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
  });
}

fileRoutes.post('/file', async (c) => {
  const file = createFile(c.get('world'), c.get('user'), await jsonBody(c));
  return json(c, fileView(file, origin(c)));
});

fileRoutes.get('/files', (c) => {
  const files = listFiles(c.get('world'), c.get('user'), c.req.query());
  return json(c, files.map((file) => fileView(file, origin(c))));
});

fileRoutes.get('/file/:fileId', (c) => json(c, fileView(findFile(c.get('world'), c.req.param('fileId')), origin(c))));

fileRoutes.post('/file/:fileId', async (c) => {
  const file = createFileVersion(c.get('world'), c.get('user'), c.req.param('fileId'), await jsonBody(c));
  return json(c, fileView(file, origin(c)));
});

fileRoutes.get('/file/:fileId/:versionId', (c) => sendBytes(c, downloadVersion(c.get('world'), c.req.param())));

fileRoutes.get('/file/:fileId/:versionId/:fileType', (c) => sendBytes(c, downloadPart(c.get('world'), c.req.param())));

fileRoutes.put('/file/:fileId/:versionId/:fileType/start', (c) =>
  json(c, startUpload(c.get('world'), c.get('user'), c.req.param(), c.req.query(), (token) => uploadUrl(c, token))),
);

fileRoutes.put('/file/:fileId/:versionId/:fileType/finish', async (c) => {
  const file = finishUpload(c.get('world'), c.get('user'), c.req.param(), await jsonBody(c));
  return json(c, fileView(file, origin(c)));
});

fileRoutes.get('/adminassetbundles/:adminAssetBundleId', (c) =>
  json(c, findAdminAssetBundle(c.get('world'), c.req.param('adminAssetBundleId'))),
);
