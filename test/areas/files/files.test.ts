import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { AdminAssetBundleSchema, FileSchema, MIME_TYPES } from '../../../src/store/records/files.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { bundle, bundleIds, fileIds, finishBody, md5Base64, reread, signature, upload } from '../../support/files-fixtures.js';

const newFile = { extension: '.png', mimeType: 'image/png', name: 'Holiday', tags: ['gallery'] };

describe('POST /file', () => {
  it('creates a file owned by the requester holding only version 0', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/file', { cookie, body: newFile });
    expect(r.status).toBe(200);
    const file = expectShape(FileSchema, r.body);
    expect(file).toMatchObject({ name: 'Holiday', extension: '.png', mimeType: 'image/png', ownerId: ids.alice, tags: ['gallery'] });
    expect(file.id).toMatch(/^file_[0-9a-f-]{36}$/);
    expect(file.versions).toEqual([{ created_at: '2026-01-15T12:00:00.000Z', status: 'complete', version: 0 }]);

    const reread = await t.call('GET', `/file/${file.id}`, { cookie });
    expect(expectShape(FileSchema, reread.body)).toEqual(file);
  });

  it("accepts an empty extension and shows the file with its mimeType's", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/file', { cookie, body: { ...newFile, extension: '' } });
    expect(r.status).toBe(200);
    const reread = await t.call('GET', `/file/${r.body.id}`, { cookie });
    expect(expectShape(FileSchema, reread.body).extension).toBe('.png');
  });

  it('reads the full-width plus of the OpenAPI svg type as image/svg+xml', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/file', { cookie, body: { ...newFile, mimeType: 'image/svg\uFF0Bxml' } });
    expect(expectShape(FileSchema, r.body).mimeType).toBe('image/svg+xml');
  });

  it('lists every invalid field in one 400', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', '/file', { cookie, body: { extension: '.txt', mimeType: 'text/plain' } });
    expectError(r, 400, `mimeType must be one of ${MIME_TYPES.join(', ')}, name is required`);
  });

  it('answers 401 without a session', async () => {
    const t = testSandbox();
    expectError(await t.call('POST', '/file', { body: newFile }), 401, messages.missingCredentials);
  });
});

describe('GET /file/{fileId}', () => {
  it('answers a fixture file with its versions and parts', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const file = expectShape(FileSchema, (await t.call('GET', `/file/${fileIds.photo}`, { cookie })).body);
    expect(file.versions.map((v) => [v.version, v.status])).toEqual([
      [0, 'complete'],
      [1, 'complete'],
    ]);
    expect(file.versions[1]).toMatchObject({
      file: { category: 'simple', status: 'complete', sizeInBytes: 70 },
      signature: { status: 'complete' },
      delta: { status: 'none', md5: '', sizeInBytes: 0 },
    });
    expect(file.versions[1]!.file!.url).toBe(`http://localhost/api/1/file/${fileIds.photo}/1/file`);
    expect(file.versions[0]).not.toHaveProperty('file');
  });

  it("lets any user read another user's file", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/file/${fileIds.bobIcon}`, { cookie });
    expect(expectShape(FileSchema, r.body)).toMatchObject({ ownerId: ids.bob, extension: '.png' });
  });

  it('answers 404 for an unknown file', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const unknown = 'file_00000000-0000-4000-8000-0000000000ff';
    expectError(await t.call('GET', `/file/${unknown}`, { cookie }), 404, `File '${unknown}' not found`);
  });
});

describe('GET /files', () => {
  it("lists the requester's files, newest first", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const created = await t.call('POST', '/file', { cookie, body: newFile });
    const r = await t.call('GET', '/files', { cookie });
    const files = expectShape(FileSchema.array(), r.body);
    expect(files.map((f) => f.id)).toEqual([created.body.id, fileIds.worldPackage, fileIds.avatarPackage, fileIds.photo]);
  });

  it('pages with n and offset', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/files?n=1&offset=1', { cookie });
    expect(expectShape(FileSchema.array(), r.body).map((f) => f.id)).toEqual([fileIds.avatarPackage]);
  });

  it('filters by tag', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/files?tag=gallery', { cookie });
    expect(expectShape(FileSchema.array(), r.body).map((f) => f.id)).toEqual([fileIds.photo]);
  });

  it('refuses a page size out of range', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/files?n=0', { cookie }), 400, 'n must be at least 1');
  });

  it("refuses another user's userId to a non-admin", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', `/files?userId=${ids.bob}`, { cookie }), 403, messages.notAuthorized);
  });

  it("lists another user's files to an admin", async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('GET', `/files?userId=${ids.bob}`, { cookie });
    expect(expectShape(FileSchema.array(), r.body).map((f) => f.id)).toEqual([fileIds.bobIcon]);
  });
});

describe('POST /file/{fileId}', () => {
  const describeVersion = { fileMd5: 'ZmlsZW1kNQ==', fileSizeInBytes: 1234, signatureMd5: 'c2lnbWQ1', signatureSizeInBytes: 56 };

  it('adds the next version, waiting for its file and signature', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body: describeVersion });
    const file = expectShape(FileSchema, r.body);
    const version = file.versions[1]!;
    expect(version).toMatchObject({ version: 1, status: 'waiting', created_at: '2026-01-15T12:00:00.000Z' });
    expect(version.file).toMatchObject({ category: 'simple', md5: 'ZmlsZW1kNQ==', sizeInBytes: 1234, status: 'waiting' });
    expect(version.signature).toMatchObject({ category: 'simple', md5: 'c2lnbWQ1', sizeInBytes: 56, status: 'waiting' });
    expect(version.delta).toMatchObject({ category: 'queued', status: 'none' });
    expect(version.file!.fileName).toBe(`World-Alice-Garden-Asset-bundle.${fileIds.worldPackage}.1.vrcw`);
    expect(version.signature!.fileName).toBe(`World-Alice-Garden-Asset-bundle.${fileIds.worldPackage}.1.vrcw.signature`);

    const reread = await t.call('GET', `/file/${fileIds.worldPackage}`, { cookie });
    expect(expectShape(FileSchema, reread.body)).toEqual(file);
  });

  it('numbers versions one after another', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body: describeVersion });
    const r = await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body: describeVersion });
    expect(expectShape(FileSchema, r.body).versions.map((v) => v.version)).toEqual([0, 1, 2]);
  });

  it('describes a delta upload with deltaMd5 and deltaSizeInBytes', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { deltaMd5: 'ZGVsdGE=', deltaSizeInBytes: 10, signatureMd5: 'c2lnbWQ1', signatureSizeInBytes: 56 };
    const r = await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body });
    const version = expectShape(FileSchema, r.body).versions[1]!;
    expect(version.delta).toMatchObject({ status: 'waiting', md5: 'ZGVsdGE=', sizeInBytes: 10 });
    expect(version.file).toMatchObject({ status: 'none' });
  });

  it('makes a file part over 10 MB a multipart upload', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { ...describeVersion, fileSizeInBytes: 300_000_000 };
    const r = await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body });
    expect(expectShape(FileSchema, r.body).versions[1]!.file!.category).toBe('multipart');
  });

  it('requires the signature descriptors', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body: { fileMd5: 'eA==', fileSizeInBytes: 1 } });
    expectError(r, 400, 'signatureMd5 is required, signatureSizeInBytes is required');
  });

  it('takes a version without fileMd5: its file waits with no md5 until the upload gives it one', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/file/${fileIds.worldPackage}`, {
      cookie,
      body: { signatureMd5: md5Base64(signature), signatureSizeInBytes: signature.length },
    });
    expect(r.status).toBe(200);
    expect(expectShape(FileSchema, r.body).versions[1]!.file).toMatchObject({ status: 'waiting', md5: '', sizeInBytes: 0 });
    const path = `/file/${fileIds.worldPackage}/1`;
    await upload(t, cookie, `${path}/file`, bundle);
    expect((await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody })).status).toBe(200);
    const file = (await reread(t, cookie, fileIds.worldPackage)).versions[1]!.file!;
    expect(file).toMatchObject({ status: 'complete', md5: md5Base64(bundle), sizeInBytes: bundle.length });
  });

  it('requires the size with the md5', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const body = { fileMd5: 'eA==', signatureMd5: 'eA==', signatureSizeInBytes: 1 };
    expectError(await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body }), 400, 'fileSizeInBytes must be given with fileMd5');
  });

  it("refuses a version of another user's file and leaves it unchanged", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('POST', `/file/${fileIds.bobIcon}`, { cookie, body: describeVersion }), 403, messages.fileNotOwned);
    const reread = await t.call('GET', `/file/${fileIds.bobIcon}`, { cookie });
    expect(expectShape(FileSchema, reread.body).versions).toHaveLength(2);
  });

  it('answers 404 for an unknown file', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const unknown = 'file_00000000-0000-4000-8000-0000000000ff';
    expectError(await t.call('POST', `/file/${unknown}`, { cookie, body: describeVersion }), 404, `File '${unknown}' not found`);
  });
});

describe('GET /adminassetbundles/{adminAssetBundleId}', () => {
  it('answers an admin asset bundle of the world', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('GET', `/adminassetbundles/${bundleIds.confetti}`, { cookie });
    expect(r.status).toBe(200);
    const bundle = expectShape(AdminAssetBundleSchema.omit({ id: true }), r.body);
    expect(bundle).toMatchObject({ name: 'Confetti Cannon', authorId: ids.admin, unityPackageUrl: null });
    // The description's AdminAssetBundle has no id: the path names it.
    expect(r.body).not.toHaveProperty('id');
    expect(bundle.unityPackages.map((p) => p.platform)).toEqual(['standalonewindows', 'android']);
  });

  it('answers 404 for an unknown bundle', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const unknown = 'aab_00000000-0000-4000-8000-0000000000ff';
    expectError(await t.call('GET', `/adminassetbundles/${unknown}`, { cookie }), 404, `AdminAssetBundle '${unknown}' not found`);
  });
});
