import { checkContract } from './contract-check.js';
import { ids, replyOf, type Reply, type TestSandbox } from './helpers.js';

/** eve's prints in the default world, newest first, as the README lists them. */
export const printIds = {
  nightMarket: 'prnt_e0e00000-0000-4000-8000-00000000f002',
  quietGarden: 'prnt_e0e00000-0000-4000-8000-00000000f001',
} as const;

export const evesPrintFiles = {
  quietGarden: 'file_f11e0000-0000-4000-8000-000000000005',
} as const;

export const worldIds = { quietGarden: 'wrld_ca201000-0000-4000-8000-00000000b004' } as const;

/** A PNG's signature and a few bytes after it: the server checks the signature only. */
export const png = (...tail: number[]) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...tail]);

/** A multipart POST as a client sends a print: `image` holds the bytes, the rest are text fields. */
export async function postForm(
  t: TestSandbox,
  cookie: string,
  path: string,
  fields: Record<string, string>,
  image: Uint8Array | null,
): Promise<Reply> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set('image', new Blob([image], { type: 'image/png' }), 'print.png');
  const reply = await replyOf(await t.app.request(`/api/1${path}`, { method: 'POST', headers: { cookie }, body: form }));
  if (reply.headers.has('x-mock-answer')) checkContract('POST', path, reply.status, reply.body);
  return reply;
}

/** alice uploads a print of `image` taken in Quiet Garden. */
export async function alicesPrint(t: TestSandbox, image = png(1, 2, 3), note = 'first light') {
  const cookie = await t.login('alice');
  const reply = await postForm(t, cookie, '/prints', { note, timestamp: '2026-01-15T11:58:00.000Z', worldId: worldIds.quietGarden }, image);
  if (reply.status !== 200) throw new Error(`upload: ${reply.status} ${reply.text}`);
  return { cookie, print: reply.body, aliceId: ids.alice };
}

/** The raw bytes a GET of an absolute URL on the test server answers. */
export async function bytesAt(t: TestSandbox, cookie: string, url: string) {
  const response = await t.app.request(url, { headers: { cookie } });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}
