import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { defaultMaxMemory, LIMITS, setMemoryBudget, shareOf } from '../../../src/limits.js';
import { uploadBytesOfProcess } from '../../../src/store/upload-bytes.js';
import { FILE_TYPES } from '../../../src/store/records/files.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { control, newSandbox } from '../../support/control-helpers.js';
import { expectError, ids, replyOf, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { bytesOf, fileIds, request, versionBody, bundle, signature } from '../../support/files-fixtures.js';

function pngOf(size: number) {
  const png = new Uint8Array(size);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return png;
}
const PNG = pngOf(1000);
/** Room for four images across the process. */
const BUDGET = (4 * PNG.length) / LIMITS.uploadShare.value;
const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';

/** The default fixtures' files carry a few bytes inline, which count too: these worlds hold images alone. */
function withoutInlineFileData(data: SandboxData) {
  for (const file of data.files) for (const version of file.versions) for (const type of FILE_TYPES) delete version[type]?.data;
}

let t: TestSandbox;
beforeEach(() => {
  setMemoryBudget(BUDGET);
  t = testSandbox(withoutInlineFileData);
});
afterEach(() => {
  t.deps.sandboxes.close();
  setMemoryBudget(defaultMaxMemory());
});

/** Logs bob in to `world` (undefined: the default one) and posts one gallery image there. */
async function gallery(t: TestSandbox, world?: string, cookie?: string, png = PNG) {
  const headers: Record<string, string> = world ? { 'x-mock-world': world } : {};
  cookie ??= await loginTo(t, world);
  const form = new FormData();
  form.set('file', new Blob([png], { type: 'image/png' }), 'image.png');
  return replyOf(await t.app.request('/api/1/gallery', { method: 'POST', headers: { ...headers, cookie }, body: form }));
}

async function loginTo(t: TestSandbox, world?: string) {
  const reply = await t.call('GET', '/auth/user', {
    headers: { authorization: `Basic ${btoa('bob:bob-password')}`, ...(world ? { 'x-mock-world': world } : {}) },
  });
  return reply.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Fills the process's share: two images in each of two new worlds. */
async function fillTwoWorlds(t: TestSandbox) {
  const worlds = [await newSandbox(t), await newSandbox(t)];
  for (const world of worlds) for (let i = 0; i < 2; i++) expect((await gallery(t, world)).status).toBe(200);
  return worlds;
}

const full = () => messages.uploadProcessFull(shareOf(LIMITS.uploadShare));

describe("every world's uploads against one share of --max-memory", () => {
  it('refuses the next upload in any world with 413 once the worlds together hold the share, and keeps nothing', async () => {
    await fillTwoWorlds(t);
    const third = await newSandbox(t);
    const cookie = await loginTo(t, third);
    const files = () => t.call('GET', '/files?n=100', { cookie, headers: { 'x-mock-world': third } });
    const before = (await files()).body.length;
    expectError(await gallery(t, third, cookie), 413, full());
    expect((await files()).body).toHaveLength(before);
    expect(uploadBytesOfProcess()).toBe(4 * PNG.length);
  });

  it('takes the upload that fills the share exactly, across worlds', async () => {
    await fillTwoWorlds(t);
    expect(uploadBytesOfProcess()).toBe(shareOf(LIMITS.uploadShare));
  });

  it('gives the room back when a world is deleted', async () => {
    const [first] = await fillTwoWorlds(t);
    const third = await newSandbox(t);
    expectError(await gallery(t, third), 413, full());
    expect((await control(t, 'DELETE', `/worlds/${first}`)).status).toBe(200);
    expect((await gallery(t, third)).status).toBe(200);
    expect((await gallery(t, third)).status).toBe(200);
    expectError(await gallery(t, third), 413, full());
  });

  it('gives the room back when a world is reset', async () => {
    const [first] = await fillTwoWorlds(t);
    expectError(await gallery(t), 413, full());
    expect((await control(t, 'POST', '/reset', { world: first })).status).toBe(200);
    expect((await gallery(t)).status).toBe(200);
  });

  it('counts a snapshot as the copy it is, and a restore gives back what was uploaded since', async () => {
    // Images large enough that the share of snapshots, taken from the same budget, holds the world's records.
    const png = pngOf(256 * 1024);
    setMemoryBudget((4 * png.length) / LIMITS.uploadShare.value);
    const world = await newSandbox(t);
    const cookie = await loginTo(t, world);
    expect((await gallery(t, world, cookie, png)).status).toBe(200);
    expect((await control(t, 'POST', '/snapshot', { world })).status).toBe(200);
    expect(uploadBytesOfProcess()).toBe(2 * png.length);
    expect((await gallery(t, world, cookie, png)).status).toBe(200);
    expect((await gallery(t, world, cookie, png)).status).toBe(200);
    expectError(await gallery(t, world, cookie, png), 413, full());
    expect((await control(t, 'POST', '/restore', { world })).status).toBe(200);
    expect(uploadBytesOfProcess()).toBe(2 * png.length);
    expect((await control(t, 'DELETE', `/worlds/${world}`)).status).toBe(200);
    expect(uploadBytesOfProcess()).toBe(0);
  });

  it('counts invite photos and the parts of unfinished uploads with the images', async () => {
    await fillTwoWorlds(t);
    const alice = await t.login('alice');
    const form = new FormData();
    form.set('data', JSON.stringify({ instanceId: workshop }));
    form.set('image', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const photo = await replyOf(
      await t.app.request(`/api/1/invite/${ids.bob}/photo`, { method: 'POST', headers: { cookie: alice }, body: form }),
    );
    expectError(photo, 413, full());
    await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie: alice, body: versionBody(bundle, signature) });
    const { url } = (await t.call('PUT', `/file/${fileIds.worldPackage}/1/file/start`, { cookie: alice })).body;
    expectError(await request(t, 'PUT', url, bytesOf('x')), 413, full());
  });
});
