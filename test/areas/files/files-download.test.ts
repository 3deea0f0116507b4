import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { FileSchema, FileUploadUrlSchema } from '../../../src/store/records/files.js';
import { expectError, expectShape, testSandbox } from '../../support/helpers.js';
import { bytesOf, download, fileIds, md5Base64, finishBody } from '../../support/files-fixtures.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

describe('GET /file/{fileId}/{versionId}', () => {
  it("answers a version's bytes as the file's mimeType", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const got = await download(t, cookie, `/file/${fileIds.photo}/1`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect([...got.bytes.slice(0, 4)]).toEqual(PNG_SIGNATURE);
    const file = expectShape(FileSchema, (await t.call('GET', `/file/${fileIds.photo}`, { cookie })).body);
    expect(md5Base64(got.bytes)).toBe(file.versions[1]!.file!.md5);
  });

  it('names the download after the stored file name', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const got = await download(t, cookie, `/file/${fileIds.photo}/1`);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Alice-Gallery-Photo.${fileIds.photo}.1.png"`);
  });

  it('answers 404 for version 0, which holds no data', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/file/${fileIds.photo}/0`, { cookie }), 404, messages.fileVersionZeroHasNoData);
  });

  it('answers 404 for a version the file does not have', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/file/${fileIds.photo}/7`, { cookie });
    expectError(r, 404, messages.fileVersionNotFound(fileIds.photo, 7));
  });

  it('answers 404 for an unknown file', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const unknown = 'file_00000000-0000-4000-8000-0000000000ff';
    expectError(await t.call('GET', `/file/${unknown}/1`, { cookie }), 404, `File '${unknown}' not found`);
  });

  it('answers 404 for a package version still waiting for its signature', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/file/${fileIds.avatarPackage}/1`, { cookie });
    expectError(r, 404, messages.fileVersionNotComplete(fileIds.avatarPackage, 1));
  });

  it('refuses a versionId that is not a number', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/file/${fileIds.photo}/latest`, { cookie }), 400, 'versionId must be an integer');
    const huge = await t.call('GET', `/file/${fileIds.photo}/99999999999999999999999`, { cookie });
    expectError(huge, 400, `versionId must be at most ${Number.MAX_SAFE_INTEGER}`);
  });

  it('answers 401 without a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', `/file/${fileIds.photo}/1`), 401, messages.missingCredentials);
  });
});

describe('GET /file/{fileId}/{versionId}/{fileType}', () => {
  it("answers a part's bytes from the url its FileData carries", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const file = expectShape(FileSchema, (await t.call('GET', `/file/${fileIds.photo}`, { cookie })).body);
    const signature = file.versions[1]!.signature!;
    const response = await t.app.request(signature.url, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-rsync-signature');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes)).toBe('rsync-signature:alice-photo');
    expect(md5Base64(bytes)).toBe(signature.md5);
  });

  it('answers 404 for a part that has not finished uploading', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/file/${fileIds.avatarPackage}/1/signature`, { cookie });
    expectError(r, 404, messages.filePartNotComplete('signature'));
  });

  it('serves the file part of a package whose file is uploaded', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const got = await download(t, cookie, `/file/${fileIds.avatarPackage}/1/file`);
    expect(got.headers.get('content-type')).toBe('application/x-avatar');
    expect(new TextDecoder().decode(got.bytes)).toBe('UnityFS alice fox avatar bundle');
  });
});

describe('paths under /file/{fileId}/{versionId}', () => {
  it('route to download, part download, start and finish by their shape', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { fileMd5: md5Base64(bytesOf('x')), fileSizeInBytes: 1, signatureMd5: md5Base64(bytesOf('s')), signatureSizeInBytes: 1 };
    await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body });
    const base = `/file/${fileIds.worldPackage}/1`;

    expectError(await t.call('GET', base, { cookie }), 404, messages.fileVersionNotComplete(fileIds.worldPackage, 1));
    expectError(await t.call('GET', `${base}/file`, { cookie }), 404, messages.filePartNotComplete('file'));
    expectShape(FileUploadUrlSchema, (await t.call('PUT', `${base}/file/start`, { cookie })).body);
    expectError(await t.call('PUT', `${base}/file/finish`, { cookie, body: finishBody }), 400, messages.fileUploadIncomplete);
    expectError(await t.call('PUT', `${base}/file/status/extra`, { cookie }), 404, messages.notFound);
  });
});
