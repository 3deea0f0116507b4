import { createHash } from 'node:crypto';
import { FileSchema } from '../../src/store/records/files.js';
import { expectShape, replyOf, type Reply, type TestSandbox } from './helpers.js';

/** File and admin asset bundle ids of the default world, as the README lists them. */
export const fileIds = {
  /** alice's PNG with a complete version 1 (tag gallery). */
  photo: 'file_f11e0000-0000-4000-8000-000000000001',
  /** alice's avatar package: version 1's file is uploaded, its signature still waiting. */
  avatarPackage: 'file_f11e0000-0000-4000-8000-000000000002',
  /** alice's world package with only version 0. */
  worldPackage: 'file_f11e0000-0000-4000-8000-000000000003',
  /** bob's icon, with an empty extension. */
  bobIcon: 'file_f11e0000-0000-4000-8000-000000000004',
} as const;

export const bundleIds = {
  confetti: 'aab_a55e7000-0000-4000-8000-000000000001',
  lantern: 'aab_a55e7000-0000-4000-8000-000000000002',
} as const;

/** The deprecated fields every finish body carries (the description requires them, always '0'). */
export const finishBody = { maxParts: '0', nextPartNumber: '0' };

export const bytesOf = (text: string) => new TextEncoder().encode(text);

export const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
export const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A request to an absolute URL (an upload URL), answered like TestSandbox.call answers. */
export async function request(t: TestSandbox, method: string, url: string, body?: Uint8Array): Promise<Reply> {
  return replyOf(await t.app.request(url, { method, body }));
}

/** The raw bytes of a GET under /api/1. */
export async function download(t: TestSandbox, cookie: string, path: string) {
  const response = await t.app.request(`/api/1${path}`, { headers: { cookie } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Describes a version whose file and signature are the given bytes. */
export const versionBody = (file: Uint8Array, signature: Uint8Array) => ({
  fileMd5: md5Base64(file),
  fileSizeInBytes: file.length,
  signatureMd5: md5Base64(signature),
  signatureSizeInBytes: signature.length,
});

/** Starts a part, PUTs the bytes to its upload URL and answers the upload reply. */
export async function upload(t: TestSandbox, cookie: string, path: string, bytes: Uint8Array): Promise<Reply> {
  const started = await t.call('PUT', `${path}/start`, { cookie });
  if (started.status !== 200) throw new Error(`start ${path}: ${started.status} ${started.text}`);
  return request(t, 'PUT', started.body.url, bytes);
}

export const bundle = bytesOf('UnityFS a world bundle of many bytes');
export const signature = bytesOf('rsync signature of the bundle');

/** alice's world package with a fresh version 1 describing `bundle` and `signature`. */
export async function worldVersion(t: TestSandbox) {
  const cookie = await t.login('alice');
  const path = `/file/${fileIds.worldPackage}/1`;
  await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body: versionBody(bundle, signature) });
  return { cookie, path };
}

/** The file as GET /file/{fileId} answers it now. */
export async function reread(t: TestSandbox, cookie: string, fileId: string) {
  return expectShape(FileSchema, (await t.call('GET', `/file/${fileId}`, { cookie })).body);
}
