import { describe, expect, it } from 'vitest';
import { bundleIds, bytesOf, fileIds, md5Hex, versionBody } from '../../support/files-fixtures.js';
import { useSdkServer } from '../../support/sdk-harness.js';

const sdk = useSdkServer();
const alice = () => sdk.loggedIn('alice', 'alice-password');

describe('files through the official vrchat SDK', () => {
  it('uploads an avatar package and downloads the same bytes', async () => {
    const vrchat = await alice();
    const bundle = bytesOf('UnityFS an avatar bundle');
    const signature = bytesOf('rsync signature');
    const created = await vrchat.createFile({
      body: { extension: '.vrca', mimeType: 'application/x-avatar', name: 'Avatar - SDK', tags: [] },
      throwOnError: true,
    });
    const fileId = created.data.id;
    expect(created.data.versions[0]!.created_at).toBeInstanceOf(Date);
    await vrchat.createFileVersion({ path: { fileId }, body: versionBody(bundle, signature), throwOnError: true });

    for (const [fileType, bytes] of [
      ['file', bundle],
      ['signature', signature],
    ] as const) {
      const started = await vrchat.startFileDataUpload({ path: { fileId, versionId: 1, fileType }, throwOnError: true });
      const put = await fetch(started.data.url, { method: 'PUT', body: bytes });
      expect(put.headers.get('etag')).toBe(`"${md5Hex(bytes)}"`);
      const body =
        fileType === 'file'
          ? { etags: [put.headers.get('etag')!], maxParts: '0', nextPartNumber: '0' }
          : { maxParts: '0', nextPartNumber: '0' };
      await vrchat.finishFileDataUpload({ path: { fileId, versionId: 1, fileType }, body, throwOnError: true });
    }

    const file = await vrchat.getFile({ path: { fileId }, throwOnError: true });
    expect(file.data.versions[1]!.status).toBe('complete');
    const got = await vrchat.downloadFileVersion({ path: { fileId, versionId: 1 }, parseAs: 'blob', throwOnError: true });
    // The SDK types the download as Blob | File, its File being the API resource; at runtime it is a Blob.
    const blob = got.data as unknown as Blob;
    expect(Buffer.from(await blob.arrayBuffer()).equals(Buffer.from(bundle))).toBe(true);
  });

  it('lists files and reads an admin asset bundle', async () => {
    const vrchat = await alice();
    const files = await vrchat.getFiles({ query: { n: 10 }, throwOnError: true });
    expect(files.data.map((f) => f.id)).toContain(fileIds.photo);
    const bundle = await vrchat.getAdminAssetBundle({ path: { adminAssetBundleId: bundleIds.confetti }, throwOnError: true });
    expect(bundle.data.name).toBe('Confetti Cannon');
  });
});
