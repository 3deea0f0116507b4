import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../../../src/areas/files/uploads.js';
import { messages } from '../../../src/errors.js';
import { FileSchema, FileUploadUrlSchema } from '../../../src/store/records/files.js';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { cookieFrom, expectError, expectShape, passwords, testSandbox } from '../../support/helpers.js';
import {
  bundle,
  bytesOf,
  download,
  fileIds,
  md5Hex,
  request,
  reread,
  signature,
  upload,
  versionBody,
  worldVersion,
  finishBody,
} from '../../support/files-fixtures.js';

describe('PUT /file/{fileId}/{versionId}/{fileType}/start', () => {
  it('answers an upload URL on the origin the client called, outside /api/1', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    const r = await t.call('PUT', `${path}/file/start`, { cookie });
    expect(r.status).toBe(200);
    const { url } = expectShape(FileUploadUrlSchema, r.body);
    expect(url).toMatch(/^http:\/\/localhost\/_uploads\/[\w-]{32}$/);
    expect((await reread(t, cookie, fileIds.worldPackage)).versions[1]!.file!.status).toBe('waiting');
  });

  it('refuses a part the version does not describe', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    expectError(await t.call('PUT', `${path}/delta/start`, { cookie }), 400, messages.filePartNotDescribed('delta'));
  });

  it('refuses a part that is already complete', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/file/${fileIds.photo}/1/file/start`, { cookie });
    expectError(r, 400, messages.fileUploadAgainstComplete);
  });

  it('refuses a second part number for a simple upload', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    expectError(await t.call('PUT', `${path}/file/start?partNumber=2`, { cookie }), 400, messages.fileSimpleUploadOnePart);
  });

  it("refuses another user's file", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('PUT', `/file/${fileIds.bobIcon}/1/file/start`, { cookie }), 403, messages.fileNotOwned);
  });
});

describe('PUT to an upload URL', () => {
  it('stores the bytes without a cookie and answers their quoted md5 as ETag', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    const r = await upload(t, cookie, `${path}/file`, bundle);
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(r.headers.get('etag')).toBe(`"${md5Hex(bundle)}"`);
  });

  it('answers 404 for an unknown token', async () => {
    const t = testSandbox();
    const r = await request(t, 'PUT', 'http://localhost/_uploads/not-a-token', bundle);
    expectError(r, 404, messages.uploadUrlNotFound);
  });

  it('accepts only PUT', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    const { url } = (await t.call('PUT', `${path}/file/start`, { cookie })).body;
    const r = await request(t, 'GET', url);
    expectError(r, 405, messages.uploadMethodNotAllowed);
    expect(r.headers.get('allow')).toBe('PUT');
  });

  it('refuses a body over 50 MB with 413 and keeps nothing of it', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    const r = await upload(t, cookie, `${path}/file`, new Uint8Array(UPLOAD_LIMIT_BYTES + 1));
    expectError(r, 413, messages.uploadTooLarge);
    const finish = await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody });
    expectError(finish, 400, messages.fileUploadIncomplete);
  });

  it('takes a body of exactly 50 MB, which the version then finishes with', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const path = `/file/${fileIds.worldPackage}/1`;
    const largest = new Uint8Array(UPLOAD_LIMIT_BYTES).fill(7);
    await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body: versionBody(largest, signature) });
    expect((await upload(t, cookie, `${path}/file`, largest)).status).toBe(200);
    expect((await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody })).status).toBe(200);
    expect((await reread(t, cookie, fileIds.worldPackage)).versions[1]!.file).toMatchObject({
      status: 'complete',
      sizeInBytes: UPLOAD_LIMIT_BYTES,
    });
  });

  it('stops accepting bytes once its part is finished', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    const { url } = (await t.call('PUT', `${path}/file/start`, { cookie })).body;
    await request(t, 'PUT', url, bundle);
    await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody });
    expectError(await request(t, 'PUT', url, bundle), 404, messages.uploadUrlNotFound);
  });

  it('stops accepting bytes once its part is started again', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    const first = (await t.call('PUT', `${path}/file/start`, { cookie })).body.url;
    const second = (await t.call('PUT', `${path}/file/start`, { cookie })).body.url;
    expect(second).not.toBe(first);
    expectError(await request(t, 'PUT', first, bundle), 404, messages.uploadUrlNotFound);
    expect((await request(t, 'PUT', second, bundle)).status).toBe(200);
  });

  it('lands in the isolated world the start request named', async () => {
    const t = testSandbox();
    const created = await t.app.request('/_mock/worlds', { method: 'POST' });
    const worldId = ((await created.json()) as { id: string }).id;
    const world = { 'x-mock-world': worldId };
    const login = await t.call('GET', '/auth/user', { headers: { ...world, authorization: encodeBasic('alice', passwords.alice!) } });
    const cookie = cookieFrom(login.headers, 'auth');
    await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, headers: world, body: versionBody(bundle, signature) });
    const started = await t.call('PUT', `/file/${fileIds.worldPackage}/1/file/start`, { cookie, headers: world });
    expect(started.body.url).toContain(`?world=${worldId}`);
    expect((await request(t, 'PUT', started.body.url, bundle)).status).toBe(200);
    const finished = await t.call('PUT', `/file/${fileIds.worldPackage}/1/file/finish`, { cookie, headers: world, body: finishBody });
    expect(expectShape(FileSchema, finished.body).versions[1]!.file!.status).toBe('complete');
  });
});

describe('a multipart upload', () => {
  it('joins the parts in part-number order', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const fileId = fileIds.worldPackage;
    await t.call('POST', `/file/${fileId}`, { cookie, body: { ...versionBody(bundle, signature), fileSizeInBytes: 20_000_000 } });
    const path = `/file/${fileId}/1/file`;
    const first = (await t.call('PUT', `${path}/start?partNumber=1`, { cookie })).body.url;
    const second = (await t.call('PUT', `${path}/start?partNumber=2`, { cookie })).body.url;
    const two = await request(t, 'PUT', second, bytesOf('-second'));
    const one = await request(t, 'PUT', first, bytesOf('first'));
    const etags = [one.headers.get('etag'), two.headers.get('etag')];
    const r = await t.call('PUT', `${path}/finish`, { cookie, body: { etags, maxParts: '0', nextPartNumber: '0' } });
    expect(expectShape(FileSchema, r.body).versions[1]!.file).toMatchObject({ category: 'multipart', status: 'complete' });
    expect(r.body.versions[1].file.uploadId).toMatch(/^[0-9a-f]{32}$/);
    await upload(t, cookie, `/file/${fileId}/1/signature`, signature);
    await t.call('PUT', `/file/${fileId}/1/signature/finish`, { cookie, body: finishBody });
    const got = await download(t, cookie, `/file/${fileId}/1`);
    expect(new TextDecoder().decode(got.bytes)).toBe('first-second');
  });
});

describe('the whole upload flow', () => {
  it('creates, versions, uploads, finishes and downloads the same bytes', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const created = await t.call('POST', '/file', {
      cookie,
      body: { extension: '.vrca', mimeType: 'application/x-avatar', name: 'Avatar - Otter', tags: [] },
    });
    const fileId = expectShape(FileSchema, created.body).id;
    expect((await reread(t, cookie, fileId)).versions).toHaveLength(1);

    const versioned = await t.call('POST', `/file/${fileId}`, { cookie, body: versionBody(bundle, signature) });
    expect(expectShape(FileSchema, versioned.body).versions[1]!.status).toBe('waiting');
    expect((await reread(t, cookie, fileId)).versions[1]!.file!.status).toBe('waiting');

    const started = await t.call('PUT', `/file/${fileId}/1/file/start`, { cookie });
    const { url } = expectShape(FileUploadUrlSchema, started.body);
    const put = await request(t, 'PUT', url, bundle);
    expect(put.headers.get('etag')).toBe(`"${md5Hex(bundle)}"`);
    expect((await reread(t, cookie, fileId)).versions[1]!.file!.status).toBe('waiting');

    const fileDone = await t.call('PUT', `/file/${fileId}/1/file/finish`, { cookie, body: { ...finishBody, etags: [md5Hex(bundle)] } });
    expect(expectShape(FileSchema, fileDone.body).versions[1]!.file!.status).toBe('complete');
    expect((await reread(t, cookie, fileId)).versions[1]!.status).toBe('waiting');
    expect((await download(t, cookie, `/file/${fileId}/1`)).status).toBe(404);

    await upload(t, cookie, `/file/${fileId}/1/signature`, signature);
    const signed = await t.call('PUT', `/file/${fileId}/1/signature/finish`, { cookie, body: finishBody });
    expect(expectShape(FileSchema, signed.body).versions[1]!.status).toBe('complete');
    expect((await reread(t, cookie, fileId)).versions[1]).toMatchObject({ status: 'complete', signature: { status: 'complete' } });

    const got = await download(t, cookie, `/file/${fileId}/1`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/x-avatar');
    expect(Buffer.from(got.bytes).equals(Buffer.from(bundle))).toBe(true);
  });
});
