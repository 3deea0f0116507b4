import { describe, expect, it } from 'vitest';
import { countedId } from '../../../src/store/ids.js';
import { addGeneratedData } from '../../../src/store/generators/generate.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { ids, testSandbox } from '../../support/helpers.js';
import { expectKeptWhole, savingAsDb } from '../../support/kept-copies.js';
import { WorldApi } from '../../support/write-cases/case.js';

const withRecipeAvatars = (data: SandboxData) =>
  addGeneratedData(data, 7, { users: 20, groups: 0, calendarEvents: 0, avatars: 200, files: 0 });

const names = (body: unknown) => (body as { name: string }[]).map((avatar) => avatar.name);

describe('GET /avatars?search= after a generated avatar is renamed', () => {
  it('finds it by its new name and not by its old one, in the world and in every copy kept of it', async () => {
    const t = testSandbox(withRecipeAvatars);
    const kept = await savingAsDb(t);
    const api = new WorldApi(t);
    const generated = t.sandbox.avatars.get(countedId(t.sandbox.avatars.recipes[0]!.avatarPrefix, 7))!;
    const oldName = generated.name;
    const renamed = await api.send({ as: 'admin', method: 'PUT', path: `/avatars/${generated.id}`, body: { name: 'Zephyr Lantern' } });
    expect(renamed.status).toBe(200);

    const reads = [
      { as: 'admin' as const, path: '/avatars?search=zephyr&releaseStatus=all&n=100' },
      { as: 'admin' as const, path: `/avatars?search=${encodeURIComponent(oldName)}&releaseStatus=all&n=100` },
    ];
    const [byNew, byOld] = await api.readAll(reads);
    expect(names(byNew!.body)).toEqual(['Zephyr Lantern']);
    expect((byOld!.body as { id: string }[]).map((avatar) => avatar.id)).not.toContain(generated.id);
    await expectKeptWhole(t, kept, (world) => new WorldApi(world).readAll(reads));
  });
});

describe('POST /avatars with the id of a deleted generated avatar', () => {
  it("makes the new avatar, its author's and found by its name, in the world and in every copy kept of it", async () => {
    const t = testSandbox(withRecipeAvatars);
    const kept = await savingAsDb(t);
    const api = new WorldApi(t);
    const id = countedId(t.sandbox.avatars.recipes[0]!.avatarPrefix, 7);
    expect((await api.send({ as: 'admin', method: 'DELETE', path: `/avatars/${id}` })).status).toBe(200);
    const made = await api.send({
      as: 'bob',
      method: 'POST',
      path: '/avatars',
      body: { id, name: 'Phoenix Again', imageUrl: 'https://assets.example.test/p.png' },
    });
    expect(made.status).toBe(200);

    const reads = [
      { as: 'bob' as const, path: `/avatars/${id}` },
      { as: 'bob' as const, path: '/avatars?user=me&n=100' },
      { as: 'bob' as const, path: '/avatars?search=phoenix&releaseStatus=all&n=100' },
    ];
    const [byId, bobs, byName] = await api.readAll(reads);
    expect(byId!.body).toMatchObject({ id, name: 'Phoenix Again', authorId: ids.bob });
    expect(names(bobs!.body)).toContain('Phoenix Again');
    expect(names(byName!.body)).toEqual(['Phoenix Again']);
    await expectKeptWhole(t, kept, (world) => new WorldApi(world).readAll(reads));
  });
});
