import { describe, expect, it } from 'vitest';
import { png } from '../support/prints-fixtures.js';
import { USER_AGENT, usePipelineServer, type TestSocket } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();

/** A multipart POST as clients send an image: `field` holds the PNG, the rest are text fields. */
async function postImage(cookie: string, path: string, field: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set(field, new Blob([png(1, 2, 3)], { type: 'image/png' }), 'image.png');
  const response = await fetch(`${pipeline.server().url}${path}`, {
    method: 'POST',
    headers: { cookie, 'user-agent': USER_AGENT },
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; files?: { fileId: string } };
}

async function nextContent(socket: TestSocket) {
  const frame = await socket.next();
  return { type: frame.type, content: JSON.parse(frame.content) };
}

describe('content-refresh', () => {
  it('tells the author of a print when its image is created and when it is deleted, and no one else', async () => {
    const [eve, alice] = await pipeline.connect('eve', 'alice');
    const print = await postImage(eve!.cookie, '/prints', 'image', { timestamp: '2026-01-15T11:00:00.000Z', note: 'dusk' });
    expect(await nextContent(eve!.socket)).toEqual({
      type: 'content-refresh',
      content: { contentType: 'print', actionType: 'created', fileId: print.files!.fileId, itemId: print.id, itemType: '' },
    });
    expect((await pipeline.api('DELETE', `/prints/${print.id}`, { cookie: eve!.cookie })).status).toBe(200);
    expect(await nextContent(eve!.socket)).toEqual({
      type: 'content-refresh',
      content: { contentType: 'print', actionType: 'deleted', fileId: print.files!.fileId, itemId: print.id, itemType: '' },
    });
    await pipeline.expectNothingMore([eve!.socket, alice!.socket]);
  });

  it("announces a print's new image as created and its old one as deleted, and the print reads back with the new file", async () => {
    const [eve] = await pipeline.connect('eve');
    const print = await postImage(eve!.cookie, '/prints', 'image', { timestamp: '2026-01-15T11:00:00.000Z', note: 'dusk' });
    await eve!.socket.next();
    const edited = await postImage(eve!.cookie, `/prints/${print.id}`, 'image', { note: 'night' });
    const newFile = edited.files!.fileId;
    expect(newFile).not.toBe(print.files!.fileId);
    expect(await nextContent(eve!.socket)).toEqual({
      type: 'content-refresh',
      content: { contentType: 'print', actionType: 'created', fileId: newFile, itemId: print.id, itemType: '' },
    });
    expect(await nextContent(eve!.socket)).toEqual({
      type: 'content-refresh',
      content: { contentType: 'print', actionType: 'deleted', fileId: print.files!.fileId, itemId: print.id, itemType: '' },
    });
    const read = await pipeline.api('GET', `/prints/${print.id}`, { cookie: eve!.cookie });
    expect(read.body).toMatchObject({ note: 'night', files: { fileId: newFile } });
    await pipeline.expectNothingMore([eve!.socket]);
  });

  it('announces an uploaded gallery image, sticker and emoji with their kind, and a deleted one', async () => {
    const [alice] = await pipeline.connect('alice');
    const kinds: [string, string][] = [
      ['gallery', 'gallery'],
      ['sticker', 'sticker'],
      ['emojianimated', 'emoji'],
    ];
    const files: string[] = [];
    for (const [tag, contentType] of kinds) {
      const fields: Record<string, string> = tag === 'emojianimated' ? { tag, animationStyle: 'bats', frames: '4' } : { tag };
      const file = await postImage(alice!.cookie, '/file/image', 'file', fields);
      files.push(file.id);
      expect(await nextContent(alice!.socket)).toEqual({
        type: 'content-refresh',
        content: { contentType, actionType: 'created', fileId: file.id, itemId: '', itemType: '' },
      });
    }
    expect((await pipeline.api('DELETE', `/file/${files[0]}`, { cookie: alice!.cookie })).status).toBe(200);
    expect((await nextContent(alice!.socket)).content).toMatchObject({ contentType: 'gallery', actionType: 'deleted', fileId: files[0] });
    await pipeline.expectNothingMore([alice!.socket]);
  });

  it('sends nothing for an image of a kind clients do not list (an avatar image)', async () => {
    const [alice] = await pipeline.connect('alice');
    await postImage(alice!.cookie, '/file/image', 'file', { tag: 'avatarimage' });
    await pipeline.expectNothingMore([alice!.socket]);
  });
});
