import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { exportSandbox } from '../../../src/main/export.js';
import { startServer } from '../../../src/main/index.js';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { tempDir } from '../../support/db-cli.js';
import { fileIds as files } from '../../support/files-fixtures.js';
import { passwords, testSandbox, type TestSandbox } from '../../support/helpers.js';

const galleryId = 'ggal_a11ce000-0000-4000-8000-000000000001';
const listed = (body: unknown) => (body as { id: string }[]).map((file) => file.id);
const filesOf = async (t: TestSandbox, cookie: string) => listed((await t.call('GET', '/files?n=100', { cookie })).body);

async function putOrder(t: TestSandbox, cookie: string, ids: string[]) {
  const reply = await t.call('PUT', '/files/order', { cookie, body: { galleryId, ids } });
  expect(reply.status).toBe(200);
}

/** alice's files as GET /files answers them in a reloaded world. */
async function reloadedFiles(saved: ReturnType<typeof SandboxFile.read>) {
  const reloaded = testSandbox();
  reloaded.deps.sandboxes.load(saved!);
  return filesOf(reloaded, await reloaded.login('alice'));
}

describe('the order PUT /files/order sets, after the world is saved and read back', () => {
  it('holds after a --db reload from the log, then from the file written whole, a file uploaded since included', async () => {
    const t = testSandbox();
    const db = join(tempDir(), 'state.json');
    const file = new SandboxFile(db, () => t.sandbox, 0, { maxLogBytes: Number.MAX_SAFE_INTEGER });
    await file.create();
    const cookie = await t.login('alice');
    await putOrder(t, cookie, [files.photo, files.avatarPackage]);
    await file.commit();
    const made = await t.call('POST', '/file', { cookie, body: { name: 'Later', mimeType: 'image/png', extension: '.png' } });
    expect(made.status).toBe(200);
    await file.commit();
    const answered = await filesOf(t, cookie);
    expect(answered).toEqual([made.body.id, files.photo, files.avatarPackage, files.worldPackage]);

    expect(await reloadedFiles(SandboxFile.read(db)), 'from the log').toEqual(answered);
    await file.close();
    expect(await reloadedFiles(SandboxFile.read(db)), 'from the file written whole').toEqual(answered);
  });

  it('holds after POST /_mock/snapshot, another order, then POST /_mock/restore', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await putOrder(t, cookie, [files.photo, files.worldPackage]);
    const snapshotted = await filesOf(t, cookie);
    expect((await t.app.request('/_mock/snapshot', { method: 'POST' })).status).toBe(200);
    await putOrder(t, cookie, [files.avatarPackage]);
    expect(await filesOf(t, cookie)).not.toEqual(snapshotted);
    expect((await t.app.request('/_mock/restore', { method: 'POST' })).status).toBe(200);
    expect(await filesOf(t, cookie)).toEqual(snapshotted);
  });

  it('holds in a fixtures directory mock-api export writes from a --db file, started with --fixtures', async () => {
    const t = testSandbox();
    const db = join(tempDir(), 'state.json');
    const file = new SandboxFile(db, () => t.sandbox);
    await file.create();
    const cookie = await t.login('alice');
    await putOrder(t, cookie, [files.photo, files.avatarPackage]);
    const answered = await filesOf(t, cookie);
    await file.close();

    const dir = join(tempDir(), 'fixtures');
    await exportSandbox(dir, { db });
    const server = await startServer({ fixturesDir: dir });
    try {
      const login = await fetch(`${server.apiUrl}/auth/user`, { headers: { authorization: encodeBasic('alice', passwords.alice!) } });
      expect(login.status).toBe(200);
      const auth = /auth=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
      const reply = await fetch(`${server.apiUrl}/files?n=100`, { headers: { cookie: auth } });
      expect(listed(await reply.json())).toEqual(answered);
    } finally {
      await server.close();
    }
  });
});

describe('the order in a --db file', () => {
  async function savedOrdered() {
    const t = testSandbox();
    const db = join(tempDir(), 'state.json');
    const file = new SandboxFile(db, () => t.sandbox);
    await file.create();
    await putOrder(t, await t.login('alice'), [files.photo]);
    await file.close();
    return { db, content: JSON.parse(readFileSync(db, 'utf8')) };
  }

  it('is absent from a file of an older shape, which lists files as they were uploaded', async () => {
    const { db, content } = await savedOrdered();
    delete content.world.fileOrder;
    writeFileSync(db, JSON.stringify(content));
    expect(await reloadedFiles(SandboxFile.read(db))).toEqual([files.worldPackage, files.avatarPackage, files.photo]);
  });

  it('passes over ids of files that are gone or not the owner', async () => {
    const { db, content } = await savedOrdered();
    const unknown = 'file_00000000-0000-4000-8000-00000000dead';
    content.world.fileOrder.$map[0][1] = [unknown, files.photo, files.bobIcon, files.worldPackage];
    writeFileSync(db, JSON.stringify(content));
    expect(await reloadedFiles(SandboxFile.read(db))).toEqual([files.avatarPackage, files.worldPackage, files.photo]);
  });

  it.each([
    ['a number', 7],
    ['an owner whose order is not a list of ids', { $map: [['usr_a11ce000-0000-4000-8000-000000000001', [7]]] }],
  ])('refuses one that is %s with one line naming it, and leaves the file as it was', async (_, hostile) => {
    const { db, content } = await savedOrdered();
    content.world.fileOrder = hostile;
    const bytes = JSON.stringify(content);
    writeFileSync(db, bytes);
    expect(() => SandboxFile.read(db)).toThrow(/^the database .* holds invalid state: fileOrder[^\n]*$/);
    expect(readFileSync(db, 'utf8')).toBe(bytes);
  });
});
