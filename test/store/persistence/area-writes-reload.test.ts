import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../../src/store/persistence/export-fixtures.js';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { sandboxData, sandboxState } from '../../../src/store/persistence/snapshot.js';
import { bundle, fileIds, finishBody, request, signature, versionBody } from '../../support/files-fixtures.js';
import { ids, replyOf, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { png, worldIds } from '../../support/prints-fixtures.js';
import { newProp } from '../../support/props-fixtures.js';

type Who = 'alice' | 'bob';

/** The API as a scenario writes through it: each write must answer 200, and is saved before the next. */
interface Writer {
  call(who: Who, method: string, path: string, body?: unknown): Promise<any>;
  form(who: Who, path: string, fields: Record<string, string>, field: string, bytes: Uint8Array): Promise<any>;
  /** PUTs the bytes of a part to the URL its start answered. */
  upload(who: Who, path: string, bytes: Uint8Array): Promise<void>;
}

interface Scenario {
  writes: (api: Writer) => Promise<void>;
  /** What to read back, as alice and as bob, once the writes are done. */
  reads: (t: TestSandbox) => string[];
}

const items = { redDrone: 'inv_a11ce000-0000-4000-8000-0000000c0002', sticker: 'inv_a11ce000-0000-4000-8000-0000000c0004' };
const galleryId = 'ggal_a11ce000-0000-4000-8000-000000000001';
const newFile = { name: 'Later', mimeType: 'image/png', extension: '.png' };
const ownFiles = (t: TestSandbox, owner: string) => t.sandbox.files.ownedBy(owner).map((file) => file.id);

const scenarios: Record<string, Scenario> = {
  'files: created, versioned, uploaded, a version and a file deleted, reordered': {
    async writes(api) {
      const made = await api.call('alice', 'POST', '/file', newFile);
      await api.call('alice', 'POST', `/file/${made.id}`, versionBody(bundle, signature));
      await api.upload('alice', `/file/${made.id}/1/file`, bundle);
      await api.call('alice', 'PUT', `/file/${made.id}/1/file/finish`, finishBody);
      // Its signature is left started, not finished.
      await api.call('alice', 'PUT', `/file/${made.id}/1/signature/start`);
      await api.call('alice', 'POST', `/file/${fileIds.worldPackage}`, versionBody(bundle, signature));
      await api.call('alice', 'DELETE', `/file/${fileIds.worldPackage}/1`);
      await api.call('alice', 'PUT', '/files/order', { galleryId, ids: [fileIds.worldPackage, made.id] });
      await api.call('alice', 'DELETE', `/file/${fileIds.photo}`);
      await api.call('alice', 'POST', '/file', { ...newFile, name: 'Latest' });
    },
    reads: (t) => [
      '/files?n=100',
      '/files?n=100&tag=gallery',
      ...ownFiles(t, ids.alice).flatMap((id) => [
        `/file/${id}`,
        `/file/${id}/1/file`,
        `/file/${id}/1/file/status`,
        `/file/${id}/1/signature/status`,
      ]),
      `/file/${fileIds.photo}`,
    ],
  },
  'files: images posted as file, icon and gallery': {
    async writes(api) {
      await api.form('bob', '/file/image', { tag: 'emoji', maskTag: 'circle' }, 'file', png(1));
      await api.form('bob', '/icon', {}, 'file', png(2));
      await api.form('bob', '/gallery', {}, 'file', png(3));
    },
    reads: (t) => ['/files?n=100', '/files?n=100&tag=icon', ...ownFiles(t, ids.bob).map((id) => `/file/${id}`)],
  },
  'inventory: edited, equipped, shared, trashed, a code redeemed': {
    async writes(api) {
      await api.call('alice', 'PUT', `/inventory/${items.redDrone}`, { isSeen: true, userAttributes: { primaryColor: '#ff0000' } });
      await api.call('alice', 'PUT', `/inventory/${items.redDrone}/equip`, { equipSlot: 'drone' });
      const share = `/inventory/cloning/direct?itemId=${items.sticker}&duration=90`;
      await api.call('alice', 'POST', share, { itemId: items.sticker, users: [ids.bob] });
      await api.call('alice', 'DELETE', `/inventory/${items.sticker}`);
      await api.call('bob', 'POST', '/reward/redeem', { code: 'PARTY-2026' });
    },
    reads: () => [
      '/inventory?n=100',
      `/inventory/${items.redDrone}`,
      `/inventory/${items.sticker}`,
      '/inventory/collections',
      '/inventory/drops',
    ],
  },
  'prints: two uploaded, one edited, one deleted': {
    async writes(api) {
      const fields = { timestamp: '2026-01-15T11:58:00.000Z', worldId: worldIds.quietGarden };
      const first = await api.form('alice', '/prints', { ...fields, note: 'first' }, 'image', png(1));
      const second = await api.form('alice', '/prints', { ...fields, note: 'second' }, 'image', png(2));
      await api.form('alice', '/prints', { ...fields, note: 'third' }, 'image', png(3));
      await api.form('alice', `/prints/${first.id}`, { note: 'edited' }, 'image', png(4));
      await api.call('alice', 'DELETE', `/prints/${second.id}`);
    },
    reads: (t) => [`/prints/user/${ids.alice}`, ...[...t.sandbox.prints.values()].map((print) => `/prints/${print.id}`)],
  },
  'props: created, edited, published, unpublished, deleted': {
    async writes(api) {
      await api.call('alice', 'POST', '/props', newProp);
      await api.call('alice', 'POST', '/props', { ...newProp, id: newProp.id.replace(/e1ff$/, 'e200'), name: 'Saucer' });
      await api.call('alice', 'PUT', `/props/${newProp.id}`, { name: 'Tea Pot' });
      await api.call('alice', 'PUT', `/props/${newProp.id}/publish`);
      await api.call('alice', 'DELETE', `/props/${newProp.id}/publish`);
      await api.call('alice', 'PUT', `/props/${newProp.id}/publish`);
      await api.call('alice', 'DELETE', `/props/${newProp.id.replace(/e1ff$/, 'e200')}`);
    },
    reads: (t) => [
      `/props?n=100&authorId=${ids.alice}`,
      ...[...t.sandbox.props.values()].flatMap((prop) => [`/props/${prop.id}`, `/props/${prop.id}/publish`]),
    ],
  },
};

async function readAll(t: TestSandbox, paths: string[]) {
  const answers = [];
  for (const who of ['alice', 'bob'] as const) {
    const cookie = await t.login(who);
    for (const path of paths) {
      const reply = await t.call('GET', path, { cookie });
      answers.push({ who, path, status: reply.status, body: reply.body });
    }
  }
  return answers;
}

/** The world after the scenario's writes, each saved to a --db file's log as a server saves it. */
async function written(scenario: Scenario) {
  const t = testSandbox();
  const db = join(mkdtempSync(join(tmpdir(), 'mock-api-reload-')), 'state.json');
  const file = new SandboxFile(db, () => t.sandbox, 0, { maxLogBytes: Number.MAX_SAFE_INTEGER });
  await file.create();
  const cookies = { alice: await t.login('alice'), bob: await t.login('bob') };
  const saved = async (what: string, reply: { status: number; text: string; body: unknown }) => {
    expect(reply.status, `${what}: ${reply.text}`).toBe(200);
    await file.commit();
    return reply.body;
  };
  const api: Writer = {
    call: async (who, method, path, body) => saved(`${method} ${path}`, await t.call(method, path, { cookie: cookies[who], body })),
    form: async (who, path, fields, field, bytes) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      form.set(field, new Blob([bytes], { type: 'image/png' }), 'image.png');
      const init = { method: 'POST', headers: { cookie: cookies[who] }, body: form };
      return saved(`POST ${path}`, await replyOf(await t.app.request(`/api/1${path}`, init)));
    },
    upload: async (who, path, bytes) => {
      const started = (await t.call('PUT', `${path}/start`, { cookie: cookies[who] })) as { body: { url: string } };
      await saved(`PUT ${path}/start`, started as never);
      await saved(`PUT ${started.body.url}`, await request(t, 'PUT', started.body.url, bytes));
    },
  };
  await scenario.writes(api);
  return { t, file, db };
}

describe.each(Object.entries(scenarios))('%s', (_, scenario) => {
  it('reads back the same after a --db reload from the log and from the file written whole', async () => {
    const { t, file, db } = await written(scenario);
    const paths = scenario.reads(t);
    const original = await readAll(t, paths);
    const fromLog = SandboxFile.read(db)!;
    await file.close();
    for (const [how, saved] of [
      ['from the log', fromLog],
      ['from the file written whole', SandboxFile.read(db)!],
    ] as const) {
      const reloaded = testSandbox();
      reloaded.deps.sandboxes.load(saved);
      expect(await readAll(reloaded, paths), how).toEqual(original);
    }
  });

  it('reads back the same after POST /_mock/snapshot, then /_mock/restore', async () => {
    const t = testSandbox();
    const before = await readAll(t, scenario.reads(t));
    expect((await t.app.request('/_mock/snapshot', { method: 'POST' })).status).toBe(200);
    const { t: changed, file } = await written(scenario);
    await file.close();
    const paths = [...new Set([...scenario.reads(t), ...scenario.reads(changed)])];
    const snapshotOfChanged = await readAll(changed, paths);
    expect((await changed.app.request('/_mock/snapshot', { method: 'POST' })).status).toBe(200);
    expect((await changed.app.request('/_mock/reset', { method: 'POST' })).status).toBe(200);
    expect(await readAll(changed, scenario.reads(changed))).toEqual(before);
    expect((await changed.app.request('/_mock/restore', { method: 'POST' })).status).toBe(200);
    expect(await readAll(changed, paths)).toEqual(snapshotOfChanged);
  });

  it('reads back the same from an exported fixtures directory and its state.json', async () => {
    const { t, file } = await written(scenario);
    await file.close();
    const paths = scenario.reads(t);
    const dir = mkdtempSync(join(tmpdir(), 'mock-api-export-'));
    writeFixtureDir(dir, sandboxData(t.sandbox), sandboxState(t.sandbox));
    const again = testSandbox((data) => Object.assign(data, readFixtureDir(dir)), readFixtureState(dir));
    expect(await readAll(again, paths)).toEqual(await readAll(t, paths));
  });
});
