import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { alicesPrint, bytesAt, evesPrintFiles, png, postForm, printIds, worldIds } from '../../support/prints-fixtures.js';

const printIdsOf = (body: { id: string }[]) => body.map((print) => print.id);

describe('POST /prints', () => {
  it('keeps the print: its fields read back, the world named by its id', async () => {
    const t = testSandbox();
    const { cookie, print } = await alicesPrint(t);
    expect(print).toMatchObject({
      authorId: ids.alice,
      authorName: 'Alice',
      ownerId: ids.alice,
      note: 'first light',
      timestamp: '2026-01-15T11:58:00.000Z',
      createdAt: '2026-01-15T12:00:00.000Z',
      worldId: worldIds.quietGarden,
      worldName: 'Quiet Garden',
    });
    expect(print.id).toMatch(/^prnt_[0-9a-f-]{36}$/);
    expect((await t.call('GET', `/prints/${print.id}`, { cookie })).body).toEqual(print);
    expect(printIdsOf((await t.call('GET', `/prints/user/${ids.alice}`, { cookie })).body)).toEqual([print.id]);
  });

  it('stores the image as a file whose bytes download from the print', async () => {
    const t = testSandbox();
    const image = png(9, 8, 7);
    const { cookie, print } = await alicesPrint(t, image);
    expect(print.files.image).toBe(`http://localhost/api/1/file/${print.files.fileId}/1/file`);
    const download = await bytesAt(t, cookie, print.files.image);
    expect(download.status).toBe(200);
    expect(download.bytes).toEqual(image);
    const file = await t.call('GET', `/file/${print.files.fileId}`, { cookie });
    expect(file.body).toMatchObject({ ownerId: ids.alice, mimeType: 'image/png', tags: ['print'] });
  });

  it('refuses a form without an image', async () => {
    const t = testSandbox();
    const r = await postForm(t, await t.login('alice'), '/prints', { timestamp: '2026-01-15T11:58:00.000Z' }, null);
    expectError(r, 400, messages.printImageMissing);
  });

  it('refuses an image that is not a PNG', async () => {
    const t = testSandbox();
    const r = await postForm(
      t,
      await t.login('alice'),
      '/prints',
      { timestamp: '2026-01-15T11:58:00.000Z' },
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
    expectError(r, 400, messages.printImageNotPng);
  });

  it('refuses a print without the time it was taken, and keeps nothing', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await postForm(t, cookie, '/prints', { note: 'x' }, png()), 400, 'timestamp is required');
    expectError(await postForm(t, cookie, '/prints', { timestamp: 'yesterday' }, png()), 400, 'timestamp must be a date-time');
    expect((await t.call('GET', `/prints/user/${ids.alice}`, { cookie })).body).toEqual([]);
  });

  it('refuses a client without a session', async () => {
    const t = testSandbox();
    const form = new FormData();
    form.set('timestamp', '2026-01-15T11:58:00.000Z');
    const response = await t.app.request('/api/1/prints', { method: 'POST', body: form });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(messages.missingCredentials);
  });
});

describe('GET /prints/user/{userId}', () => {
  it("lists the requester's prints newest first", async () => {
    const t = testSandbox();
    const cookie = await t.login('eve');
    const r = await t.call('GET', `/prints/user/${ids.eve}`, { cookie });
    expect(r.status).toBe(200);
    expect(printIdsOf(r.body)).toEqual([printIds.nightMarket, printIds.quietGarden]);
  });

  it("refuses another user's prints with the description's 403", async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/prints/user/${ids.eve}`, { cookie: await t.login('alice') });
    expectError(r, 403, messages.printsOfOtherUser);
  });
});

describe('GET /prints/{printId}', () => {
  it("opens another user's print by its id", async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/prints/${printIds.quietGarden}`, { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ authorId: ids.eve, note: 'Sunset over the pond', files: { fileId: evesPrintFiles.quietGarden } });
  });

  it('answers 404 for a print that is not there', async () => {
    const t = testSandbox();
    const missing = 'prnt_00000000-0000-4000-8000-000000000000';
    expectError(await t.call('GET', `/prints/${missing}`, { cookie: await t.login('alice') }), 404, messages.printNotFound(missing));
  });
});

describe('POST /prints/{printId}', () => {
  it('replaces the image and the note; the old image file goes', async () => {
    const t = testSandbox();
    const { cookie, print } = await alicesPrint(t);
    const image = png(4, 4, 4);
    const r = await postForm(t, cookie, `/prints/${print.id}`, { note: 'retouched' }, image);
    expect(r.status).toBe(200);
    expect(r.body.note).toBe('retouched');
    expect(r.body.files.fileId).not.toBe(print.files.fileId);
    const reread = (await t.call('GET', `/prints/${print.id}`, { cookie })).body;
    expect(reread).toEqual(r.body);
    expect((await bytesAt(t, cookie, reread.files.image)).bytes).toEqual(image);
    expectError(await t.call('GET', `/file/${print.files.fileId}`, { cookie }), 404, messages.fileNotFound(print.files.fileId));
  });

  it('keeps the note when the edit sends none', async () => {
    const t = testSandbox();
    const { cookie, print } = await alicesPrint(t);
    const r = await postForm(t, cookie, `/prints/${print.id}`, {}, png(5));
    expect(r.body.note).toBe('first light');
  });

  it('refuses an edit without an image and changes nothing', async () => {
    const t = testSandbox();
    const { cookie, print } = await alicesPrint(t);
    expectError(await postForm(t, cookie, `/prints/${print.id}`, { note: 'lost' }, null), 400, messages.printImageMissing);
    expect((await t.call('GET', `/prints/${print.id}`, { cookie })).body).toEqual(print);
  });

  it("refuses an edit of another user's print", async () => {
    const t = testSandbox();
    const r = await postForm(t, await t.login('alice'), `/prints/${printIds.quietGarden}`, { note: 'mine now' }, png());
    expectError(r, 403, messages.printNotOwned);
  });
});

describe('DELETE /prints/{printId}', () => {
  it('deletes the print and its image: no read, list or download shows it', async () => {
    const t = testSandbox();
    const { cookie, print } = await alicesPrint(t);
    const r = await t.call('DELETE', `/prints/${print.id}`, { cookie });
    expect(r.status).toBe(200);
    expectError(await t.call('GET', `/prints/${print.id}`, { cookie }), 404, messages.printNotFound(print.id));
    expect((await t.call('GET', `/prints/user/${ids.alice}`, { cookie })).body).toEqual([]);
    expect((await bytesAt(t, cookie, print.files.image)).status).toBe(404);
    expectError(await t.call('DELETE', `/prints/${print.id}`, { cookie }), 404, messages.printNotFound(print.id));
  });

  it("refuses another user's print and keeps it", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('DELETE', `/prints/${printIds.quietGarden}`, { cookie: alice }), 403, messages.printNotOwned);
    expect((await t.call('GET', `/prints/${printIds.quietGarden}`, { cookie: alice })).status).toBe(200);
  });
});
