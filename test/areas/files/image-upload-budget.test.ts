import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, ids, replyOf, testSandbox, type TestSandbox } from '../../support/helpers.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
const BUDGET = 3 * PNG.length;
const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';

const budgeted = () => testSandbox((data) => Object.assign(data.settings, { uploadBytesPerWorld: BUDGET }));

async function postForm(t: TestSandbox, cookie: string, path: string, fields: Record<string, string>, fileField: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set(fileField, new Blob([PNG], { type: 'image/png' }), 'image.png');
  return replyOf(await t.app.request(`/api/1${path}`, { method: 'POST', headers: { cookie }, body: form }));
}

describe("image uploads and the world's upload total", () => {
  it.each(['/file/image', '/icon', '/gallery'])(
    'POST %s is refused with 413 once the total is reached, and keeps nothing',
    async (path) => {
      const t = budgeted();
      const bob = await t.login('bob');
      for (let i = 0; i < 3; i++) expect((await postForm(t, bob, path, { tag: 'gallery' }, 'file')).status).toBe(200);
      const files = (await t.call('GET', '/files?n=100', { cookie: bob })).body.length;
      expectError(await postForm(t, bob, path, { tag: 'gallery' }, 'file'), 413, messages.uploadWorldFull(BUDGET));
      expect((await t.call('GET', '/files?n=100', { cookie: bob })).body).toHaveLength(files);
    },
  );

  it('counts image uploads and invite photos together', async () => {
    const t = budgeted();
    const alice = await t.login('alice');
    for (let i = 0; i < 3; i++) expect((await postForm(t, alice, '/gallery', {}, 'file')).status).toBe(200);
    const photo = await postForm(t, alice, `/invite/${ids.bob}/photo`, { data: JSON.stringify({ instanceId: workshop }) }, 'image');
    expectError(photo, 413, messages.uploadWorldFull(BUDGET));
  });

  it('frees room when an uploaded image is deleted', async () => {
    const t = budgeted();
    const bob = await t.login('bob');
    const made = await postForm(t, bob, '/gallery', {}, 'file');
    for (let i = 0; i < 2; i++) await postForm(t, bob, '/gallery', {}, 'file');
    expect((await t.call('DELETE', `/file/${made.body.id}`, { cookie: bob })).status).toBe(200);
    expect((await postForm(t, bob, '/gallery', {}, 'file')).status).toBe(200);
  });
});
