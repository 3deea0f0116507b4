import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { countedId } from '../../../src/store/ids.js';
import { addGeneratedData, GENERATED_PASSWORD } from '../../../src/store/generators/generate.js';
import { fileIds as files } from '../../support/files-fixtures.js';
import { expectError, testSandbox } from '../../support/helpers.js';

const listed = (body: unknown) => (body as { id: string }[]).map((file) => file.id);
const fileIdsPhoto = files.photo;
const galleryId = 'ggal_a11ce000-0000-4000-8000-000000000001';

describe('PUT /files/order', () => {
  it('puts the listed files first in GET /files, in the order given', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(listed((await t.call('GET', '/files', { cookie })).body)).toEqual([files.worldPackage, files.avatarPackage, files.photo]);
    const ids = [files.photo, files.avatarPackage];
    const reply = await t.call('PUT', '/files/order', { cookie, body: { galleryId, ids } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ids });
    expect(listed((await t.call('GET', '/files', { cookie })).body)).toEqual([files.photo, files.avatarPackage, files.worldPackage]);
  });

  it('a file uploaded afterwards leads the list', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('PUT', '/files/order', { cookie, body: { galleryId, ids: [files.photo] } });
    const made = await t.call('POST', '/file', { cookie, body: { name: 'Later', mimeType: 'image/png', extension: '.png' } });
    expect(made.status).toBe(200);
    const id = (made.body as { id: string }).id;
    expect(listed((await t.call('GET', '/files', { cookie })).body)).toEqual([id, files.photo, files.worldPackage, files.avatarPackage]);
  });

  it('puts generated files first the same whether or not their owner had listed them before', async () => {
    const world = () => testSandbox((data) => addGeneratedData(data, 7, { users: 30, files: 200 }));
    const answers = [];
    for (const listFirst of [false, true]) {
      const t = world();
      const recipe = t.sandbox.files.recipes[0]!;
      // A generated owner: file k is theirs, and so is every ownerIds.length-th one after it.
      const k = recipe.ownerIds.findIndex((id) => t.sandbox.users.get(id)!.password === GENERATED_PASSWORD);
      const cookie = await t.login(t.sandbox.users.get(recipe.ownerIds[k]!)!.username, GENERATED_PASSWORD);
      if (listFirst) await t.call('GET', '/files?n=100', { cookie });
      const ids = [countedId(recipe.idPrefix, k), countedId(recipe.idPrefix, k + recipe.ownerIds.length)];
      expect((await t.call('PUT', '/files/order', { cookie, body: { galleryId, ids } })).status).toBe(200);
      const after = listed((await t.call('GET', '/files?n=100', { cookie })).body);
      expect(after.slice(0, 2)).toEqual(ids);
      expect(new Set(after).size, 'each file once').toBe(after.length);
      answers.push(after);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it("refuses someone else's file with 403 and moves nothing", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const before = listed((await t.call('GET', '/files', { cookie })).body);
    const reply = await t.call('PUT', '/files/order', { cookie, body: { galleryId, ids: [files.photo, files.bobIcon] } });
    expectError(reply, 403, messages.fileNotOwned);
    expect(listed((await t.call('GET', '/files', { cookie })).body)).toEqual(before);
  });

  it('refuses an unknown file with 404 and moves nothing', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const unknown = 'file_00000000-0000-4000-8000-00000000dead';
    const before = listed((await t.call('GET', '/files', { cookie })).body);
    expectError(
      await t.call('PUT', '/files/order', { cookie, body: { galleryId, ids: [files.photo, unknown] } }),
      404,
      messages.fileNotFound(unknown),
    );
    expect(listed((await t.call('GET', '/files', { cookie })).body)).toEqual(before);
  });

  it('refuses a file listed twice', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const reply = await t.call('PUT', '/files/order', { cookie, body: { galleryId, ids: [files.photo, files.photo] } });
    expectError(reply, 400, messages.fileOrderDuplicate(files.photo));
  });

  it('refuses a body without galleryId, naming it', async () => {
    const t = testSandbox();
    const reply = await t.call('PUT', '/files/order', { cookie: await t.login('alice'), body: { ids: [fileIdsPhoto] } });
    expect(reply.status).toBe(400);
    expect((reply.body as { error: { message: string } }).error.message).toContain('galleryId');
  });

  it('refuses a body without ids', async () => {
    const t = testSandbox();
    const reply = await t.call('PUT', '/files/order', { cookie: await t.login('alice'), body: { galleryId } });
    expect(reply.status).toBe(400);
  });
});
