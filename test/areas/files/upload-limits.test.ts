import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, testSandbox } from '../../support/helpers.js';
import { bundle, bytesOf, fileIds, request, signature, versionBody, worldVersion, finishBody } from '../../support/files-fixtures.js';

const multipart = async (t: ReturnType<typeof testSandbox>) => {
  const cookie = await t.login('alice');
  await t.call('POST', `/file/${fileIds.worldPackage}`, {
    cookie,
    body: { ...versionBody(bundle, signature), fileSizeInBytes: 20_000_000 },
  });
  return { cookie, path: `/file/${fileIds.worldPackage}/1/file` };
};

describe('upload totals', () => {
  it('refuse a part number past 100 parts in one upload', async () => {
    const t = testSandbox();
    const { cookie, path } = await multipart(t);
    for (let n = 1; n <= 100; n++) expect((await t.call('PUT', `${path}/start?partNumber=${n}`, { cookie })).status).toBe(200);
    expectError(await t.call('PUT', `${path}/start?partNumber=101`, { cookie }), 400, messages.uploadTooManyParts(100));
    expect((await t.call('PUT', `${path}/start?partNumber=100`, { cookie })).status).toBe(200);
  });

  it('refuse bytes past the world total with 413, and nothing is kept', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { uploadBytesPerWorld: 10 }));
    const { cookie, path } = await multipart(t);
    const first = (await t.call('PUT', `${path}/start?partNumber=1`, { cookie })).body.url;
    const second = (await t.call('PUT', `${path}/start?partNumber=2`, { cookie })).body.url;
    expect((await request(t, 'PUT', first, bytesOf('123456'))).status).toBe(200);
    expectError(await request(t, 'PUT', second, bytesOf('123456')), 413, messages.uploadWorldFull(10));
    expect((await request(t, 'PUT', first, bytesOf('1234567890'))).status).toBe(200);
  });

  it('drop an unfinished upload uploadExpiryMinutes after it started, on the world clock', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { uploadExpiryMinutes: 60 }));
    const { cookie, path } = await worldVersion(t);
    const { url } = (await t.call('PUT', `${path}/file/start`, { cookie })).body;
    expect((await request(t, 'PUT', url, bundle)).status).toBe(200);
    t.clock.advance(61 * 60_000);
    expectError(await request(t, 'PUT', url, bundle), 404, messages.uploadUrlNotFound);
    expectError(await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody }), 400, messages.fileUploadNotStarted('file'));
  });

  it('drop an unfinished upload exactly uploadExpiryMinutes old', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { uploadExpiryMinutes: 60 }));
    const { cookie, path } = await worldVersion(t);
    const { url } = (await t.call('PUT', `${path}/file/start`, { cookie })).body;
    t.clock.advance(60 * 60_000);
    expectError(await request(t, 'PUT', url, bundle), 404, messages.uploadUrlNotFound);
    expectError(await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody }), 400, messages.fileUploadNotStarted('file'));
  });

  it('keep an unfinished upload a millisecond short of uploadExpiryMinutes, and it finishes', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { uploadExpiryMinutes: 60 }));
    const { cookie, path } = await worldVersion(t);
    const { url } = (await t.call('PUT', `${path}/file/start`, { cookie })).body;
    t.clock.advance(60 * 60_000 - 1);
    expect((await request(t, 'PUT', url, bundle)).status).toBe(200);
    expect((await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody })).status).toBe(200);
  });
});
