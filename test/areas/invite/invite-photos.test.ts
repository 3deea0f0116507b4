import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function photoForm(data: unknown, type = 'image/png') {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  form.set('image', new Blob([PNG], { type }), 'photo.png');
  return form;
}

describe('photo invites', () => {
  it('stores the image as a file the invite links', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const response = await t.app.request(`/api/1/invite/${ids.bob}/photo`, {
      method: 'POST',
      headers: { cookie },
      body: photoForm({ instanceId: workshop }),
    });
    expect(response.status).toBe(200);
    // The sender's copy has the description's closed details; the receiver's notification names the photo.
    const sent = (await response.json()) as { id: string; details: Record<string, unknown> };
    expect(sent.details).toEqual({ worldId: workshop, worldName: expect.any(String) });
    const received = (await t.call('GET', `/auth/user/notifications/${sent.id}`, { cookie: await t.login('bob') })).body;
    const { imageUrl } = JSON.parse(received.details) as { imageUrl: string };
    expect(imageUrl).toMatch(/\/api\/1\/file\/file_[0-9a-f-]+\/1\/file$/);
    const path = new URL(imageUrl).pathname;
    const download = await t.app.request(path, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
  });

  it('makes the photo file as every other upload of one step: its signature and delta parts not uploaded', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.app.request(`/api/1/invite/${ids.bob}/photo`, {
      method: 'POST',
      headers: { cookie },
      body: photoForm({ instanceId: workshop }),
    });
    const [photo] = (await t.call('GET', '/files?tag=invitephoto', { cookie })).body;
    expect(photo.versions[1]).toMatchObject({
      file: { status: 'complete', sizeInBytes: PNG.length },
      signature: { status: 'none', category: 'queued', fileName: expect.stringMatching(/^Invite-photo-.*\.1\.png\.signature$/) },
      delta: { status: 'none', category: 'queued', fileName: expect.stringMatching(/^Invite-photo-.*\.1\.png\.delta$/) },
    });
  });

  it('keeps no file when the invite is refused', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const before = t.sandbox.files.ownedBy(ids.alice).length;
    const response = await t.app.request(`/api/1/invite/${ids.eve}/photo`, {
      method: 'POST',
      headers: { cookie },
      body: photoForm({ instanceId: workshop }),
    });
    expect(response.status).toBe(403);
    expect(t.sandbox.files.ownedBy(ids.alice)).toHaveLength(before);
  });

  it('refuses an image that is not one', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const response = await t.app.request(`/api/1/invite/${ids.bob}/photo`, {
      method: 'POST',
      headers: { cookie },
      body: photoForm({ instanceId: workshop }, 'text/plain'),
    });
    expectError(
      { status: response.status, body: await response.json(), headers: response.headers, text: '' },
      400,
      'image must be a PNG, JPEG, GIF or WebP image',
    );
  });

  it('sends an invite request and a response with a photo', async () => {
    const t = testSandbox();
    const frank = await t.login('frank');
    const request = await t.app.request(`/api/1/requestInvite/${ids.alice}/photo`, {
      method: 'POST',
      headers: { cookie: frank },
      body: photoForm({ requestSlot: 0 }),
    });
    expect(request.status).toBe(200);
    const asked = (await request.json()) as { id: string; details: string };
    expect(JSON.parse(asked.details).imageUrl).toMatch(/\/file\//);
    const alice = await t.login('alice');
    const response = await t.app.request(`/api/1/invite/${asked.id}/response/photo`, {
      method: 'POST',
      headers: { cookie: alice },
      body: photoForm({ responseSlot: 0 }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { type: string }).type).toBe('requestInviteResponse');
  });
});
