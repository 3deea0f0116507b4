import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addGeneratedData, GENERATED_PASSWORD, type GenerateCounts } from '../../../src/store/generators/generate.js';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import type { SandboxSnapshot } from '../../../src/store/persistence/snapshot.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { testSandbox, type TestSandbox } from '../../support/helpers.js';

const small: Partial<GenerateCounts> = { users: 30, groups: 40, calendarEvents: 800, avatars: 300, files: 200 };
const seeded = (counts: Partial<GenerateCounts>) => (data: SandboxData) => addGeneratedData(data, 7, counts);

async function loginAs(t: TestSandbox, username: string) {
  return t.login(username, GENERATED_PASSWORD);
}

/** Saves the world as a server does: whole at start, each write's changes to the log, whole again on close. */
async function savedWorld(t: TestSandbox, writes: (file: SandboxFile) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'mock-api-recipes-'));
  const file = new SandboxFile(join(dir, 'state.json'), () => t.sandbox);
  await file.create();
  await writes(file);
  // Read with its log, before close writes it whole again.
  const fromLog = SandboxFile.read(file.file)!;
  await file.close();
  return { path: file.file, fromLog, whole: SandboxFile.read(file.file)! };
}

/** What `read` answers in each saved form of the world, loaded into a fresh sandbox with `username` logged in. */
async function readsAfterReload(
  saved: { fromLog: SandboxSnapshot; whole: SandboxSnapshot },
  username: string,
  read: (t: TestSandbox, cookie: string) => Promise<unknown>,
) {
  const answers: Record<string, unknown> = {};
  for (const [how, form] of [
    ['from the log', saved.fromLog],
    ['from the file written whole', saved.whole],
  ] as const) {
    const reloaded = testSandbox();
    reloaded.deps.sandboxes.load(form);
    answers[how] = await read(reloaded, await loginAs(reloaded, username));
  }
  return answers;
}

const bothForms = (answer: unknown) => ({ 'from the log': answer, 'from the file written whole': answer });

/** A generated user who owns a generated group, authored avatars and owns files. */
function actorOf(t: TestSandbox) {
  const { sandbox } = t;
  const generatedUsers = new Set([...sandbox.users.values()].filter((user) => user.password === GENERATED_PASSWORD).map((user) => user.id));
  const generatedGroups = sandbox.calendarRecipes[0]!.groupIds.map((id) => sandbox.groups.get(id)!);
  const group = generatedGroups.find((g) => generatedUsers.has(g.ownerId))!;
  const owner = sandbox.users.get(group.ownerId)!;
  return { group, owner };
}

describe('a --db file of a world with recipes', () => {
  it('answers the same reads after a reload, with recipe records changed and deleted as the API left them', async () => {
    const t = testSandbox(seeded(small));
    const { group, owner } = actorOf(t);
    const cookie = await loginAs(t, owner.username);
    const page = `/calendar/${group.id}?n=20&offset=10`;
    const events = (await t.call('GET', `/calendar/${group.id}?n=100`, { cookie })).body.results as { id: string }[];
    const [changedEvent, deletedEvent] = [events[3]!.id, events[5]!.id];
    const avatars = [...t.sandbox.avatars.byAuthor(owner.id)].map((avatar) => avatar.id);
    const files = t.sandbox.files.ownedBy(owner.id).map((file) => file.id);
    expect(avatars.length, 'the owner authored two avatars or more').toBeGreaterThanOrEqual(2);
    expect(files.length, 'the owner owns two files or more').toBeGreaterThanOrEqual(2);

    const { path, fromLog, whole } = await savedWorld(t, async (file) => {
      const write = async (method: string, at: string, body?: unknown) => {
        expect((await t.call(method, at, { cookie, body })).status, `${method} ${at}`).toBe(200);
        await file.commit();
      };
      await write('PUT', `/calendar/${group.id}/${changedEvent}/event`, { title: 'Changed by its group' });
      await write('DELETE', `/calendar/${group.id}/${deletedEvent}`);
      await write('PUT', `/avatars/${avatars[0]}`, { name: 'Renamed avatar' });
      await write('DELETE', `/avatars/${avatars[1]}`);
      await write('DELETE', `/file/${files[0]}`);
    });

    const reads = [
      page,
      `/calendar/${group.id}/${changedEvent}`,
      `/calendar/${group.id}/${deletedEvent}`,
      `/avatars/${avatars[0]}`,
      `/avatars/${avatars[1]}`,
      `/avatars?userId=${owner.id}&n=50`,
      `/file/${files[0]}`,
      `/file/${files[1]}`,
      '/files?n=50',
    ];
    const readAll = async (world: TestSandbox, as: string) => {
      const answers = [];
      for (const at of reads) answers.push({ at, ...(await world.call('GET', at, { cookie: as })) });
      return answers.map(({ at, status, body }) => ({ at, status, body }));
    };
    const original = await readAll(t, cookie);
    expect(original.map((read) => read.status)).toEqual([200, 200, 404, 200, 404, 200, 404, 200, 200]);
    expect((original[1]!.body as { title: string }).title).toBe('Changed by its group');
    expect((original[3]!.body as { name: string }).name).toBe('Renamed avatar');

    expect(await readsAfterReload({ fromLog, whole }, owner.username, readAll)).toEqual(bothForms(original));

    const file = JSON.parse(readFileSync(path, 'utf8'));
    const data = file.world.data;
    const generated = (records: { id: string }[], prefix: string) =>
      records.map((record) => record.id).filter((id) => id.startsWith(prefix));
    expect(generated(data.calendarEvents, data.calendarRecipes[0].idPrefix), 'the changed event alone').toEqual([changedEvent]);
    expect(generated(data.avatars, data.avatarRecipes[0].avatarPrefix), 'the changed avatar alone').toEqual([avatars[0]]);
    expect(generated(data.files, data.filesRecipes[0].idPrefix), 'no file was changed').toEqual([]);
    expect(data.recipeEdits.gone).toEqual(expect.arrayContaining([deletedEvent, avatars[1], files[0]]));
  });

  it('keeps a user favorites as the API left them, the recipe ones removed included', async () => {
    const t = testSandbox(seeded(small));
    const { owner } = actorOf(t);
    const cookie = await loginAs(t, owner.username);
    const before = (await t.call('GET', '/favorites?type=avatar&n=100', { cookie })).body as { id: string }[];
    expect(before.length).toBeGreaterThanOrEqual(2);
    // The second removal is logged against the records the first one wrote.
    const { fromLog, whole } = await savedWorld(t, async (file) => {
      for (const favorite of before.slice(0, 2)) {
        expect((await t.call('DELETE', `/favorites/${favorite.id}`, { cookie })).status).toBe(200);
        await file.commit();
      }
    });
    const after = (await t.call('GET', '/favorites?type=avatar&n=100', { cookie })).body;
    expect(after).toHaveLength(before.length - 2);
    const favorites = async (reloaded: TestSandbox, as: string) =>
      (await reloaded.call('GET', '/favorites?type=avatar&n=100', { cookie: as })).body;
    expect(await readsAfterReload({ fromLog, whole }, owner.username, favorites)).toEqual(bothForms(after));
  });

  it('keeps the order an owner gave generated files, and files added and deleted since, without writing those files out', async () => {
    const t = testSandbox(seeded(small));
    const { owner } = actorOf(t);
    const cookie = await loginAs(t, owner.username);
    const listed = async (world: TestSandbox, as: string) =>
      ((await world.call('GET', '/files?n=100', { cookie: as })).body as { id: string }[]).map((file) => file.id);
    const before = await listed(t, cookie);
    expect(before.length, 'the owner owns three files or more').toBeGreaterThanOrEqual(3);
    const ids = [before.at(-1)!, before.at(-2)!];
    let made = '';
    const { path, fromLog, whole } = await savedWorld(t, async (file) => {
      const write = async (method: string, at: string, body?: unknown) => {
        const reply = await t.call(method, at, { cookie, body });
        expect(reply.status, `${method} ${at}`).toBe(200);
        await file.commit();
        return reply.body as { id: string };
      };
      await write('PUT', '/files/order', { galleryId: 'ggal_any', ids });
      made = (await write('POST', '/file', { name: 'Later', mimeType: 'image/png', extension: '.png' })).id;
      await write('DELETE', `/file/${ids[1]}`);
    });
    const after = await listed(t, cookie);
    expect(after.slice(0, 2)).toEqual([made, ids[0]]);

    expect(await readsAfterReload({ fromLog, whole }, owner.username, listed)).toEqual(bothForms(after));
    const data = JSON.parse(readFileSync(path, 'utf8')).world.data;
    expect(data.files.filter((file: { id: string }) => file.id.startsWith(data.filesRecipes[0].idPrefix))).toEqual([]);
  });

  it('holds the recipes, not the records they make, however many those are', async () => {
    const t = testSandbox(seeded({ users: 200, groups: 100, calendarEvents: 200_000, avatars: 50_000, files: 50_000 }));
    const { group, owner } = actorOf(t);
    const cookie = await loginAs(t, owner.username);
    const page = `/calendar/${group.id}?n=30&offset=500`;
    const answer = await t.call('GET', page, { cookie });
    const { path, whole } = await savedWorld(t, async () => {});

    expect(statSync(path).size, 'bytes of the file').toBeLessThan(4 << 20);
    const data = JSON.parse(readFileSync(path, 'utf8')).world.data;
    const recipe = data.calendarRecipes[0];
    expect(data.calendarEvents.filter((event: { id: string }) => event.id.startsWith(recipe.idPrefix))).toEqual([]);
    expect(data.calendarRecipes.map((recipe: { count: number }) => recipe.count)).toEqual([200_000]);
    expect(data.avatarRecipes.map((recipe: { count: number }) => recipe.count)).toEqual([50_000]);
    expect(data.filesRecipes.map((recipe: { count: number }) => recipe.count)).toEqual([50_000]);

    const reloaded = testSandbox();
    reloaded.deps.sandboxes.load(whole);
    const again = await reloaded.call('GET', page, { cookie: await loginAs(reloaded, owner.username) });
    expect({ status: again.status, body: again.body }).toEqual({ status: answer.status, body: answer.body });
  }, 60_000);
});
