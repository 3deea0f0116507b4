import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { downloadPart, downloadVersion, finishUpload, startUpload, type Download } from './uploads.js';
import { createFile, createFileVersion, fileView, findAdminAssetBundle, findFile, listFiles } from './files.js';
import { orderFiles } from './order.js';
import { analyseFile } from './analysis.js';
import { deleteFile, deleteFileVersion, uploadImage, uploadStatus } from './extras.js';
import { json, jsonBody, requestOrigin, success } from '../../http/helpers.js';
import { multipartBody } from '../../http/request-body.js';
import { uploadUrl } from './upload-routes.js';
import { agreementStatus, submitAgreement, updateAssetReviewNotes } from './agreements.js';

/** Files, their versions and uploads, and admin asset bundles. */
export const fileRoutes = new Hono<AppEnv>();

/** Part urls and upload URLs point back at the server the client called. */

function sendBytes(c: Context, download: Download): Response {
  const fileName = download.fileName.replace(/[^\w.-]/g, '_');
  return c.body(download.bytes, 200, {
    'Content-Type': download.contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
  });
}

/**
 * An image upload (multipart/form-data): the `file` field's bytes and the other fields as text. Each
 * route names the purpose it stands for, if any (`/icon`, `/gallery`).
 */
async function imageRoute(c: Context<AppEnv>, tag?: string): Promise<Response> {
  const { file, ...fields } = await multipartBody(c);
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : undefined;
  const made = uploadImage(c.get('sandbox'), c.get('user'), tag ? { ...fields, tag } : fields, bytes);
  return json(c, fileView(made, requestOrigin(c)));
}

// Literal paths before /file/:fileId, which would take them as ids.
fileRoutes.post('/file/image', (c) => imageRoute(c));
fileRoutes.post('/icon', (c) => imageRoute(c, 'icon'));
fileRoutes.post('/gallery', (c) => imageRoute(c, 'gallery'));

fileRoutes.post('/file', async (c) => {
  const file = createFile(c.get('sandbox'), c.get('user'), await jsonBody(c));
  return json(c, fileView(file, requestOrigin(c)));
});

fileRoutes.get('/files', (c) => {
  const files = listFiles(c.get('sandbox'), c.get('user'), c.req.query());
  return json(
    c,
    files.map((file) => fileView(file, requestOrigin(c))),
  );
});

fileRoutes.put('/files/order', async (c) => json(c, orderFiles(c.get('sandbox'), c.get('user'), await jsonBody(c))));

fileRoutes.get('/file/:fileId', (c) => json(c, fileView(findFile(c.get('sandbox'), c.req.param('fileId')), requestOrigin(c))));

fileRoutes.post('/file/:fileId', async (c) => {
  const file = createFileVersion(c.get('sandbox'), c.get('user'), c.req.param('fileId'), await jsonBody(c));
  return json(c, fileView(file, requestOrigin(c)));
});

fileRoutes.delete('/file/:fileId', (c) =>
  json(c, fileView(deleteFile(c.get('sandbox'), c.get('user'), c.req.param('fileId')), requestOrigin(c))),
);

fileRoutes.delete('/file/:fileId/:versionId', (c) => {
  const { fileId, versionId } = c.req.param();
  return json(c, fileView(deleteFileVersion(c.get('sandbox'), c.get('user'), fileId, versionId), requestOrigin(c)));
});

fileRoutes.get('/file/:fileId/:versionId/:fileType/status', (c) => {
  const { fileId, ...params } = c.req.param();
  return json(c, uploadStatus(c.get('sandbox'), c.get('user'), fileId, params));
});

fileRoutes.get('/file/:fileId/:versionId', (c) => sendBytes(c, downloadVersion(c.get('sandbox'), c.req.param())));

fileRoutes.get('/file/:fileId/:versionId/:fileType', (c) => sendBytes(c, downloadPart(c.get('sandbox'), c.req.param())));

fileRoutes.put('/file/:fileId/:versionId/:fileType/start', (c) =>
  json(
    c,
    startUpload(c.get('sandbox'), c.get('user'), c.req.param(), c.req.query(), (token) => uploadUrl(c, token)),
  ),
);

fileRoutes.put('/file/:fileId/:versionId/:fileType/finish', async (c) => {
  const file = finishUpload(c.get('sandbox'), c.get('user'), c.req.param(), await jsonBody(c));
  return json(c, fileView(file, requestOrigin(c)));
});

fileRoutes.get('/analysis/:fileId/:versionId', (c) =>
  json(c, analyseFile(c.get('sandbox'), c.req.param('fileId'), c.req.param('versionId'))),
);
fileRoutes.get('/analysis/:fileId/:versionId/standard', (c) =>
  json(c, analyseFile(c.get('sandbox'), c.req.param('fileId'), c.req.param('versionId'))),
);
fileRoutes.get('/analysis/:fileId/:versionId/security', (c) =>
  json(c, analyseFile(c.get('sandbox'), c.req.param('fileId'), c.req.param('versionId'))),
);

fileRoutes.get('/adminassetbundles/:adminAssetBundleId', (c) =>
  json(c, findAdminAssetBundle(c.get('sandbox'), c.req.param('adminAssetBundleId'))),
);

fileRoutes.get('/agreement', (c) => json(c, agreementStatus(c.get('sandbox'), c.get('user'), c.req.query())));

fileRoutes.post('/agreement', async (c) => json(c, submitAgreement(c.get('sandbox'), c.get('user'), await jsonBody(c))));

fileRoutes.put('/assetReview/:assetReviewId/notes', async (c) => {
  updateAssetReviewNotes(c.get('sandbox'), c.get('user'), c.req.param('assetReviewId'), await jsonBody(c));
  return json(c, success('Asset review notes submitted'));
});
