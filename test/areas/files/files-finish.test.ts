import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { FileSchema } from '../../../src/store/records/files.js';
import { expectError, expectShape, testSandbox } from '../../support/helpers.js';
import { bundle, fileIds, md5Hex, reread, signature, upload, versionBody, worldVersion, finishBody } from '../../support/files-fixtures.js';

describe('PUT /file/{fileId}/{versionId}/{fileType}/finish', () => {
  it('marks the part complete and answers the File', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    await upload(t, cookie, `${path}/file`, bundle);
    const r = await t.call('PUT', `${path}/file/finish`, { cookie, body: { maxParts: '0', nextPartNumber: '0' } });
    expect(r.status).toBe(200);
    expect(expectShape(FileSchema, r.body).versions[1]!.file!.status).toBe('complete');
    expect((await reread(t, cookie, fileIds.worldPackage)).versions[1]!.file!.status).toBe('complete');
  });

  it('keeps a world package waiting until its signature is complete', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    await upload(t, cookie, `${path}/file`, bundle);
    await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody });
    expect((await reread(t, cookie, fileIds.worldPackage)).versions[1]!.status).toBe('waiting');

    await upload(t, cookie, `${path}/signature`, signature);
    await t.call('PUT', `${path}/signature/finish`, { cookie, body: finishBody });
    const version = (await reread(t, cookie, fileIds.worldPackage)).versions[1]!;
    expect([version.status, version.signature!.status]).toEqual(['complete', 'complete']);
  });

  it('treats a .vrca extension as an avatar package whatever the mimeType', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { extension: '.vrca', mimeType: 'application/octet-stream', name: 'Avatar - Fox' };
    const fileId = (await t.call('POST', '/file', { cookie, body })).body.id;
    await t.call('POST', `/file/${fileId}`, { cookie, body: versionBody(bundle, signature) });
    await upload(t, cookie, `/file/${fileId}/1/file`, bundle);
    await t.call('PUT', `/file/${fileId}/1/file/finish`, { cookie, body: finishBody });
    expect((await reread(t, cookie, fileId)).versions[1]!.status).toBe('waiting');
  });

  it('completes an image version with its file alone, and still takes its signature', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { extension: '.png', mimeType: 'image/png', name: 'Sunset' };
    const fileId = (await t.call('POST', '/file', { cookie, body })).body.id;
    await t.call('POST', `/file/${fileId}`, { cookie, body: versionBody(bundle, signature) });
    await upload(t, cookie, `/file/${fileId}/1/file`, bundle);
    await t.call('PUT', `/file/${fileId}/1/file/finish`, { cookie, body: finishBody });
    expect((await reread(t, cookie, fileId)).versions[1]!.status).toBe('complete');

    await upload(t, cookie, `/file/${fileId}/1/signature`, signature);
    const r = await t.call('PUT', `/file/${fileId}/1/signature/finish`, { cookie, body: finishBody });
    expect(expectShape(FileSchema, r.body).versions[1]!.signature!.status).toBe('complete');
  });

  it('finishes the fixture avatar package once its signature is uploaded', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const path = `/file/${fileIds.avatarPackage}/1/signature`;
    expect((await reread(t, cookie, fileIds.avatarPackage)).versions[1]!.status).toBe('waiting');
    await upload(t, cookie, path, signature);
    await t.call('PUT', `${path}/finish`, { cookie, body: finishBody });
    expect((await reread(t, cookie, fileIds.avatarPackage)).versions[1]!.status).toBe('complete');
  });

  it('refuses etags for a signature', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    await upload(t, cookie, `${path}/signature`, signature);
    const r = await t.call('PUT', `${path}/signature/finish`, { cookie, body: { ...finishBody, etags: [md5Hex(signature)] } });
    expectError(r, 400, messages.fileEtagsOnSignature);
    expect((await reread(t, cookie, fileIds.worldPackage)).versions[1]!.signature!.status).toBe('waiting');
  });

  it('accepts the etags the uploads answered, quoted or not', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    const put = await upload(t, cookie, `${path}/file`, bundle);
    const r = await t.call('PUT', `${path}/file/finish`, { cookie, body: { ...finishBody, etags: [put.headers.get('etag')] } });
    expect(expectShape(FileSchema, r.body).versions[1]!.file!.status).toBe('complete');
  });

  it('refuses etags that do not match the uploaded parts', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    await upload(t, cookie, `${path}/file`, bundle);
    const r = await t.call('PUT', `${path}/file/finish`, { cookie, body: { ...finishBody, etags: ['0123456789abcdef0123456789abcdef'] } });
    expectError(r, 400, messages.fileEtagsMismatch);
  });

  it('refuses a part that was never started', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    expectError(await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody }), 400, messages.fileUploadNotStarted('file'));
    expect((await reread(t, cookie, fileIds.worldPackage)).versions[1]!.file!.status).toBe('waiting');
  });

  it('refuses a started part whose bytes never arrived', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    await t.call('PUT', `${path}/file/start`, { cookie });
    expectError(await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody }), 400, messages.fileUploadIncomplete);
  });

  it('refuses to finish a part twice', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/file/${fileIds.photo}/1/file/finish`, { cookie, body: finishBody });
    expectError(r, 400, messages.fileUploadAlreadyFinished('file'));
  });

  it('answers 404 for a missing version', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/file/${fileIds.worldPackage}/1/file/finish`, { cookie, body: finishBody });
    expectError(r, 404, messages.fileVersionNotFound(fileIds.worldPackage, 1));
  });

  it("refuses another user's file", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('PUT', `/file/${fileIds.bobIcon}/1/file/finish`, { cookie, body: finishBody });
    expectError(r, 403, messages.fileNotOwned);
  });

  it('answers 404 for an unknown file', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const unknown = 'file_00000000-0000-4000-8000-0000000000ff';
    expectError(await t.call('PUT', `/file/${unknown}/1/file/finish`, { cookie, body: finishBody }), 404, `File '${unknown}' not found`);
  });

  it('validates versionId and fileType', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const finish = (path: string) => t.call('PUT', `/file/${fileIds.photo}/${path}/finish`, { cookie, body: finishBody });
    expectError(await finish('0/file'), 400, 'versionId must be at least 1');
    expectError(await finish('one/file'), 400, 'versionId must be an integer');
    expectError(await finish('1/image'), 400, 'fileType must be one of delta, file, signature');
    expectError(await finish('99999999999999999999/file'), 400, `versionId must be at most ${Number.MAX_SAFE_INTEGER}`);
  });
});
