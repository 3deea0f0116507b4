import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { manualClock } from '../../src/store/clock.js';
import { messages } from '../../src/errors.js';
import type { SandboxData } from '../../src/store/fixtures/fixtures.js';
import { sandboxData } from '../../src/store/persistence/snapshot.js';
import { createSandbox } from '../../src/store/sandbox.js';
import { bundle, download, fileIds, reread, signature, upload, versionBody, worldVersion, finishBody } from '../support/files-fixtures.js';
import { openMicEvent } from '../support/calendar-seed.js';
import { groups } from '../support/groups-fixture-ids.js';
import { cookieFrom, expectError, ids, testSandbox, type Reply, type TestSandbox } from '../support/helpers.js';
import { locations, worlds } from '../support/worlds-fixture-ids.js';

/** A POST to the control plane, on the world `worldId` names (the default world without it). */
async function control(t: TestSandbox, action: 'snapshot' | 'restore' | 'reset', worldId?: string): Promise<Reply> {
  const headers: Record<string, string> = worldId ? { 'x-mock-world': worldId } : {};
  const response = await t.app.request(`/_mock/${action}`, { method: 'POST', headers });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), headers: response.headers, text };
}

async function newIsolatedSandbox(t: TestSandbox): Promise<string> {
  const created = await t.app.request('/_mock/worlds', { method: 'POST' });
  return ((await created.json()) as { id: string }).id;
}

const renameBuilders = (t: TestSandbox, cookie: string, name: string, headers?: Record<string, string>) =>
  t.call('PUT', `/groups/${groups.builders}`, { cookie, body: { name }, headers });

const buildersName = async (t: TestSandbox, cookie: string, headers?: Record<string, string>) =>
  (await t.call('GET', `/groups/${groups.builders}`, { cookie, headers })).body.name as string;

/** alice's drone skins: the blue one holds the drone slot in the starting data. */
const blueDrone = 'inv_a11ce000-0000-4000-8000-0000000c0001';
const redDrone = 'inv_a11ce000-0000-4000-8000-0000000c0002';

const openMic = openMicEvent;

/** What alice reads across every area, discovery three times over (each call moves its sequence on). */
async function readEverything(t: TestSandbox, cookie: string) {
  const paths = [
    '/auth/user',
    `/groups/${groups.builders}`,
    `/groups/${groups.nightOwls}`,
    `/users/${ids.alice}/groups/invited`,
    `/users/${ids.alice}/groups/requested`,
    `/calendar/${groups.builders}?n=100`,
    `/message/${ids.alice}/message`,
    `/message/${ids.alice}/request`,
    '/inventory',
    '/auth/user/notifications',
    '/avatars/favorites',
    '/files',
    `/file/${fileIds.photo}`,
    `/file/${fileIds.worldPackage}`,
    `/worlds/${worlds.aliceHome}`,
    `/worlds/${worlds.lobby}`,
    `/instances/${locations.aliceHidden}`,
    '/instances/discover?n=3',
    '/instances/discover?n=3',
    `/instances/discover?n=3&worldId=${worlds.lobby}`,
  ];
  const read: Record<string, unknown>[] = [];
  for (const path of paths) {
    const reply = await t.call('GET', path, { cookie });
    read.push({ path, status: reply.status, body: reply.body });
  }
  return read;
}

describe('POST /_mock/snapshot and /_mock/restore', () => {
  it('answers both with the time the server spent', async () => {
    const t = testSandbox();
    const snapshot = await control(t, 'snapshot');
    expect(snapshot.status).toBe(200);
    expect(snapshot.body).toEqual({ snapshot: true, ms: expect.any(Number) });
    const restore = await control(t, 'restore');
    expect(restore.status).toBe(200);
    expect(restore.body).toEqual({ restore: true, ms: expect.any(Number) });
  });

  it('brings back a group name changed after the snapshot', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await renameBuilders(t, cookie, 'Before Snapshot');
    await control(t, 'snapshot');
    await renameBuilders(t, cookie, 'After Snapshot');
    await control(t, 'restore');
    expect(await buildersName(t, cookie)).toBe('Before Snapshot');
  });

  it('brings back what was equipped', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await control(t, 'snapshot');
    await t.call('PUT', `/inventory/${redDrone}/equip`, { cookie, body: { equipSlot: 'drone' } });
    await control(t, 'restore');
    expect((await t.call('GET', `/inventory/${redDrone}`, { cookie })).body.equipSlot).toBe('');
    expect((await t.call('GET', `/inventory/${blueDrone}`, { cookie })).body.equipSlot).toBe('drone');
  });

  it('drops a calendar event created after the snapshot and keeps one created before', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const kept = (await t.call('POST', `/calendar/${groups.builders}/event`, { cookie, body: openMic })).body.id;
    await control(t, 'snapshot');
    const later = { ...openMic, startsAt: '2026-05-11T20:00:00.000Z', endsAt: '2026-05-11T22:00:00.000Z' };
    const dropped = (await t.call('POST', `/calendar/${groups.builders}/event`, { cookie, body: later })).body.id;
    await control(t, 'restore');
    const { results } = (await t.call('GET', `/calendar/${groups.builders}?n=100`, { cookie })).body;
    const listed = results.map((event: { id: string }) => event.id);
    expect(listed).toContain(kept);
    expect(listed).not.toContain(dropped);
  });

  it('brings back invite-message texts with their cooldowns', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const slot = (n: number) => `/message/${ids.alice}/message/${n}`;
    await t.call('PUT', slot(1), { cookie, body: { message: 'Set before the snapshot' } });
    await control(t, 'snapshot');
    await t.call('PUT', slot(2), { cookie, body: { message: 'Set after the snapshot' } });
    await control(t, 'restore');
    const [one, two] = [(await t.call('GET', slot(1), { cookie })).body, (await t.call('GET', slot(2), { cookie })).body];
    expect(one).toMatchObject({ message: 'Set before the snapshot', canBeUpdated: false, remainingCooldownMinutes: 60 });
    expect(two).toMatchObject({ message: 'Join me, this world is amazing!', canBeUpdated: true });
  });

  it('keeps when a slot was reset to its original text', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const slot = `/message/${ids.alice}/request/4`;
    await t.call('PUT', slot, { cookie, body: { message: 'Soon reset' } });
    t.clock.advance(61 * 60_000);
    const reset = (await t.call('DELETE', slot, { cookie })).body[4];
    await control(t, 'snapshot');
    await control(t, 'restore');
    expect((await t.call('GET', slot, { cookie })).body).toEqual(reset);
  });

  it('keeps bytes uploaded before the snapshot, finished or not, and forgets a version made after it', async () => {
    const t = testSandbox();
    const { cookie, path } = await worldVersion(t);
    await upload(t, cookie, `${path}/file`, bundle);
    await t.call('PUT', `${path}/file/finish`, { cookie, body: finishBody });
    await upload(t, cookie, `${path}/signature`, signature);
    await control(t, 'snapshot');
    const atSnapshot = await reread(t, cookie, fileIds.worldPackage);
    await t.call('POST', `/file/${fileIds.worldPackage}`, { cookie, body: versionBody(bundle, signature) });
    await control(t, 'restore');
    expect(await reread(t, cookie, fileIds.worldPackage)).toEqual(atSnapshot);
    expect((await t.call('PUT', `${path}/signature/finish`, { cookie, body: finishBody })).status).toBe(200);
    expect((await download(t, cookie, `/file/${fileIds.worldPackage}/1`)).bytes).toEqual(bundle);
  });

  it('restores the same state any number of times', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await control(t, 'snapshot');
    for (const name of ['First Try', 'Second Try']) {
      await renameBuilders(t, cookie, name);
      await control(t, 'restore');
      expect(await buildersName(t, cookie)).toBe('Builders Guild');
    }
  });

  it('answers every read after a restore as it did right after the snapshot', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('PUT', `/inventory/${redDrone}/equip`, { cookie, body: { equipSlot: 'drone' } });
    await t.call('POST', `/calendar/${groups.builders}/event`, { cookie, body: openMic });
    await t.call('PUT', `/message/${ids.alice}/message/0`, { cookie, body: { message: 'Edited' } });
    // Closing instances moves discovery's bags out of the records' order.
    const body = { worldId: worlds.lobby, type: 'group', region: 'us', ownerId: groups.builders, groupAccessType: 'public' };
    const opened: string[] = [];
    for (let i = 0; i < 6; i++) opened.push((await t.call('POST', '/instances', { cookie, body })).body.location);
    for (const location of opened.slice(0, 2)) await t.call('DELETE', `/instances/${location}`, { cookie });
    await t.call('GET', '/instances/discover?n=50', { cookie });
    await control(t, 'snapshot');
    const atSnapshot = await readEverything(t, cookie);
    await renameBuilders(t, cookie, 'Changed');
    await control(t, 'restore');
    expect(await readEverything(t, cookie)).toEqual(atSnapshot);
  });

  it('restores a world whose deleted world left a closed instance behind, as often as asked', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await t.call('DELETE', `/worlds/${worlds.aliceHome}`, { cookie })).status).toBe(200);
    await control(t, 'snapshot');
    const closed = await t.call('GET', `/instances/${locations.alicePublic}`, { cookie });
    for (const name of ['First Try', 'Second Try']) {
      await renameBuilders(t, cookie, name);
      expect((await control(t, 'restore')).status).toBe(200);
      expect(await buildersName(t, cookie)).toBe('Builders Guild');
      expect(await t.call('GET', `/instances/${locations.alicePublic}`, { cookie })).toMatchObject({
        status: closed.status,
        body: closed.body,
      });
    }
  });

  it('keeps the world logged in across a restore', async () => {
    const t = testSandbox();
    await control(t, 'snapshot');
    const cookie = await t.login('alice');
    await control(t, 'restore');
    expect((await t.call('GET', '/auth/user', { cookie })).body.id).toBe(ids.alice);
  });

  it('ends the session of a user registered after the snapshot', async () => {
    const t = testSandbox();
    await control(t, 'snapshot');
    const registration = {
      ...{ username: 'dave', password: 'dave-password', email: 'dave@example.test', acceptedTOSVersion: 7 },
      ...{ captchaCode: 'captcha', day: '14', month: '3', year: '1999', subscribe: false },
    };
    const registered = await t.call('POST', '/auth/register', { body: registration });
    const cookie = cookieFrom(registered.headers, 'auth');
    expect((await t.call('GET', '/auth/user', { cookie })).status).toBe(200);
    await control(t, 'restore');
    expectError(await t.call('GET', '/inventory', { cookie }), 401, messages.missingCredentials);
    expectError(await t.call('GET', '/auth/user', { cookie }), 401, messages.missingCredentials);
  });

  it('leaves the clock where it is', async () => {
    const t = testSandbox();
    await control(t, 'snapshot');
    t.clock.advance(3 * 60 * 60_000);
    await control(t, 'restore');
    expect(await (await t.app.request('/_mock/clock')).json()).toEqual({ now: '2026-01-15T15:00:00.000Z' });
  });

  it('answers 404 when the world has no snapshot', async () => {
    const t = testSandbox();
    expectError(await control(t, 'restore'), 404, 'No snapshot of this world; take one with POST /_mock/snapshot');
  });

  it('answers 404 for an unknown world', async () => {
    const t = testSandbox();
    expectError(await control(t, 'snapshot', 'world_nope'), 404, messages.unknownSandbox('world_nope'));
    expectError(await control(t, 'restore', 'world_nope'), 404, messages.unknownSandbox('world_nope'));
  });

  it('keeps one snapshot per world, each restored on its own', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const worldId = await newIsolatedSandbox(t);
    const isolated = { 'x-mock-world': worldId };
    const login = await t.call('GET', '/auth/user', { headers: { ...isolated, authorization: encodeBasic('alice', 'alice-password') } });
    const inIsolated = cookieFrom(login.headers, 'auth');
    await control(t, 'snapshot');
    expectError(await control(t, 'restore', worldId), 404, messages.noSnapshot);
    await renameBuilders(t, inIsolated, 'Isolated At Snapshot', isolated);
    await control(t, 'snapshot', worldId);
    await renameBuilders(t, inIsolated, 'Isolated Later', isolated);
    await renameBuilders(t, cookie, 'Default Later');
    await control(t, 'restore', worldId);
    expect(await buildersName(t, inIsolated, isolated)).toBe('Isolated At Snapshot');
    expect(await buildersName(t, cookie)).toBe('Default Later');
    await control(t, 'restore');
    expect(await buildersName(t, cookie)).toBe('Builders Guild');
  });

  it('still restores after a reset, which goes back to the starting data', async () => {
    const t = testSandbox();
    let cookie = await t.login('alice');
    await renameBuilders(t, cookie, 'At Snapshot');
    await control(t, 'snapshot');
    expect((await control(t, 'reset')).body).toMatchObject({ reset: true });
    cookie = await t.login('alice');
    expect(await buildersName(t, cookie)).toBe('Builders Guild');
    await control(t, 'restore');
    expect(await buildersName(t, cookie)).toBe('At Snapshot');
  });
});

describe('worldData', () => {
  it('reads back data that builds a world answering as the original', async () => {
    const original = testSandbox();
    const readBack = (data: SandboxData) => structuredClone(sandboxData(createSandbox(structuredClone(data), manualClock())));
    const rebuilt = testSandbox((data) => Object.assign(data, readBack(data)));
    expect(sandboxData(rebuilt.sandbox)).toEqual(sandboxData(original.sandbox));
    const [a, b] = [await original.login('alice'), await rebuilt.login('alice')];
    expect(await readEverything(rebuilt, b)).toEqual(await readEverything(original, a));
  });
});
