import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { FileSchema } from '../../../src/store/records/files.js';
import { expectError, expectShape, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { fileIds } from '../../support/files-fixtures.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function postImage(t: TestSandbox, cookie: string, path: string, fields: Record<string, string>, bytes: Uint8Array | null = PNG) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (bytes) form.set('file', new Blob([bytes], { type: 'image/png' }), 'image.png');
  const response = await t.app.request(`/api/1${path}`, { method: 'POST', headers: { cookie }, body: form });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers, text: '' };
}

describe('DELETE /file/{fileId}', () => {
  it("deletes the owner's file: gone from reads and from GET /files", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('DELETE', `/file/${fileIds.photo}`, { cookie: alice });
    expect(r.status).toBe(200);
    expect(expectShape(FileSchema, r.body).id).toBe(fileIds.photo);
    expectError(await t.call('GET', `/file/${fileIds.photo}`, { cookie: alice }), 404, messages.fileNotFound(fileIds.photo));
    const list = await t.call('GET', '/files?n=100', { cookie: alice });
    expect(list.body.map((f: { id: string }) => f.id)).not.toContain(fileIds.photo);
    expectError(await t.call('DELETE', `/file/${fileIds.photo}`, { cookie: alice }), 404, messages.fileNotFound(fileIds.photo));
  });

  it("refuses someone else's file with 403", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('DELETE', `/file/${fileIds.photo}`, { cookie: bob }), 403, messages.fileNotOwned);
  });
});

describe('DELETE /file/{fileId}/{versionId}', () => {
  it('deletes the latest version; the file then ends at the one before', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('DELETE', `/file/${fileIds.avatarPackage}/1`, { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body.versions.map((v: { version: number }) => v.version)).toEqual([0]);
    expect((await t.call('GET', `/file/${fileIds.avatarPackage}`, { cookie: alice })).body.versions).toHaveLength(1);
  });

  it('refuses version 0 with 400 and the real message', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('DELETE', `/file/${fileIds.worldPackage}/0`, { cookie: alice }), 400, messages.fileVersionDeleteInitial);
  });

  it('refuses a version that is not the latest with the real 500', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const created = await t.call('POST', `/file/${fileIds.photo}`, {
      cookie: alice,
      body: { signatureMd5: 'x', signatureSizeInBytes: 1, fileMd5: 'y', fileSizeInBytes: 1 },
    });
    expect(created.status).toBe(200);
    expectError(await t.call('DELETE', `/file/${fileIds.photo}/1`, { cookie: alice }), 500, messages.fileVersionDeleteNotLatest(1, 2));
    expect((await t.call('DELETE', `/file/${fileIds.photo}/2`, { cookie: alice })).status).toBe(200);
  });

  it('answers 404 for a version that does not exist', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('DELETE', `/file/${fileIds.photo}/7`, { cookie: alice }), 404, messages.fileVersionNotFound(fileIds.photo, 7));
  });
});

describe('GET /file/{fileId}/{versionId}/{fileType}/status', () => {
  it('names the part and the next part number to send', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('GET', `/file/${fileIds.avatarPackage}/1/signature/status`, { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ etags: [], parts: [], nextPartNumber: 1, maxParts: 1 });
    expect(r.body.fileName).toContain(fileIds.avatarPackage);
    expect(r.body.uploadId.length).toBeGreaterThan(0);
  });

  it('names a bad file type with 400', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(
      await t.call('GET', `/file/${fileIds.avatarPackage}/1/thing/status`, { cookie: alice }),
      400,
      'fileType must be one of delta, file, signature',
    );
  });
});

describe('POST /file/image, /icon and /gallery', () => {
  it('makes the image a complete file in one call, downloadable at once', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const r = await postImage(t, bob, '/file/image', { tag: 'emoji', maskTag: 'circle' });
    expect(r.status).toBe(200);
    const file = expectShape(FileSchema, r.body);
    expect(file).toMatchObject({ mimeType: 'image/png', extension: '.png', tags: ['emoji', 'maskTag_circle'] });
    expect(file.versions.map((v) => [v.version, v.status])).toEqual([
      [0, 'complete'],
      [1, 'complete'],
    ]);
    const download = await t.app.request(`/api/1/file/${file.id}/1`, { headers: { cookie: bob } });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
    const listed = await t.call('GET', '/files?tag=emoji', { cookie: bob });
    expect(listed.body.map((f: { id: string }) => f.id)).toEqual([file.id]);
  });

  it('tags /icon and /gallery uploads with their purpose', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await postImage(t, bob, '/icon', {})).body.tags).toEqual(['icon']);
    expect((await postImage(t, bob, '/gallery', {})).body.tags).toEqual(['gallery']);
  });

  it('refuses a missing file, a non-PNG and a bad purpose with 400', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await postImage(t, bob, '/file/image', { tag: 'gallery' }, null), 400, messages.fileImageMissing);
    expectError(await postImage(t, bob, '/file/image', { tag: 'gallery' }, new Uint8Array([1, 2, 3])), 400, messages.fileImageNotPng);
    expectError(await postImage(t, bob, '/file/image', { tag: 'poster' }), 400);
  });
});

describe('GET /analysis/{fileId}/{versionId}', () => {
  it("answers a complete package version's analysis, the same on every read and path", async () => {
    const t = testSandbox((data) => {
      const file = data.files.find((f) => f.id === fileIds.avatarPackage)!;
      file.versions[1]!.signature!.status = 'complete';
      file.versions[1]!.status = 'complete';
    });
    const alice = await t.login('alice');
    const r = await t.call('GET', `/analysis/${fileIds.avatarPackage}/1`, { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, fileSize: expect.any(Number), uncompressedSize: expect.any(Number) });
    expect(typeof r.body.avatarStats.totalPolygons).toBe('number');
    expect((await t.call('GET', `/analysis/${fileIds.avatarPackage}/1/standard`, { cookie: alice })).body).toEqual(r.body);
    expect((await t.call('GET', `/analysis/${fileIds.avatarPackage}/1/security`, { cookie: alice })).body).toEqual(r.body);
  });

  it('answers the real 202 while the version is still uploading', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', `/analysis/${fileIds.avatarPackage}/1`, { cookie: alice }), 202, messages.fileAnalysisNotYet);
  });

  it('answers 202 for a file or version that is not there, as live: its analysis is not made', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const missing = 'file_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82';
    for (const path of [`/analysis/${missing}/1`, `/analysis/${missing}/1/standard`, `/analysis/${missing}/1/security`]) {
      expectError(await t.call('GET', path, { cookie: alice }), 202, messages.fileAnalysisNotYet);
    }
    expectError(await t.call('GET', `/analysis/${fileIds.avatarPackage}/9`, { cookie: alice }), 202, messages.fileAnalysisNotYet);
  });

  it('answers 404 for a file that is not a package', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(
      await t.call('GET', `/analysis/${fileIds.photo}/1`, { cookie: alice }),
      404,
      messages.fileAnalysisNotPackage(fileIds.photo),
    );
  });
});
