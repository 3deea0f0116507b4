import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { InstanceSchema } from '../../../src/store/records/instances.js';
import { WorldSchema } from '../../../src/store/records/worlds.js';
import { expectError, expectShape, testSandbox } from '../../support/helpers.js';
import { instances, locations, unknownWorld, worlds } from '../../support/worlds-fixture-ids.js';

async function readInstance(t: ReturnType<typeof testSandbox>, cookie: string, location: string) {
  const r = await t.call('GET', `/instances/${location}`, { cookie });
  expect(r.status).toBe(200);
  return expectShape(InstanceSchema, r.body);
}

describe('DELETE /instances/{worldId}:{instanceId}', () => {
  it('lets the owner close their instance now, and it stays closed on the next read', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/instances/${locations.aliceHidden}`, { cookie });
    expect(r.status).toBe(200);
    const closed = { active: false, closedAt: '2026-01-15T12:00:00.000Z', hardClose: false, hasCapacityForYou: false };
    expect(expectShape(InstanceSchema, r.body)).toMatchObject(closed);
    expect(await readInstance(t, cookie, locations.aliceHidden)).toMatchObject({ ...closed, n_users: 2 });
  });

  it('sends everyone out on a hard close', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/instances/${locations.aliceHidden}?hardClose=true`, { cookie });
    expect(expectShape(InstanceSchema, r.body)).toMatchObject({ hardClose: true, active: false, n_users: 0, users: [] });
    const again = await readInstance(t, cookie, locations.aliceHidden);
    expect(again).toMatchObject({ n_users: 0, userCount: 0, users: [], platforms: { android: 0, ios: 0, standalonewindows: 0 } });
    const world = await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie });
    expect(expectShape(WorldSchema, world.body).occupants).toBe(0);
  });

  it('plans a close at closedAt and keeps the instance active until then', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/instances/${locations.aliceHidden}?closedAt=2026-01-15T13:00:00Z`, { cookie });
    expect(expectShape(InstanceSchema, r.body)).toMatchObject({ active: true, closedAt: '2026-01-15T13:00:00.000Z' });
    t.clock.advance(59 * 60_000);
    expect((await readInstance(t, cookie, locations.aliceHidden)).active).toBe(true);
    t.clock.advance(60_000);
    expect((await readInstance(t, cookie, locations.aliceHidden)).active).toBe(false);
  });

  it('moves a planned close when called again before it', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('DELETE', `/instances/${locations.aliceHidden}?closedAt=2026-01-15T13:00:00Z`, { cookie });
    const r = await t.call('DELETE', `/instances/${locations.aliceHidden}?closedAt=2026-01-16T00:00:00Z`, { cookie });
    expect(r.status).toBe(200);
    expect((await readInstance(t, cookie, locations.aliceHidden)).closedAt).toBe('2026-01-16T00:00:00.000Z');
  });

  it('closes at once when closedAt has passed', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/instances/${locations.aliceHidden}?closedAt=2020-01-01T00:00:00Z`, { cookie });
    expect(expectShape(InstanceSchema, r.body)).toMatchObject({ active: false, closedAt: '2026-01-15T12:00:00.000Z' });
  });

  it('refuses someone who does not own the instance and leaves it open', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await t.call('DELETE', `/instances/${locations.aliceHidden}`, { cookie }), 403, messages.instanceCloseForbidden);
    expect((await readInstance(t, cookie, locations.aliceHidden)).active).toBe(true);
  });

  it('refuses everyone a public instance, which has no owner', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    expectError(await t.call('DELETE', `/instances/${locations.lobbyPublic}`, { cookie }), 403, messages.instanceCloseForbidden);
  });

  it('lets a group member holding group-instance-manage close the group instance', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('DELETE', `/instances/${locations.buildersGroup}`, { cookie });
    expect(r.status).toBe(200);
    expect((await readInstance(t, cookie, locations.buildersGroup)).active).toBe(false);
  });

  it('lets the group owner close the group instance', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect((await t.call('DELETE', `/instances/${locations.buildersGroup}`, { cookie })).status).toBe(200);
  });

  it('refuses a group member without group-instance-manage', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    expectError(await t.call('DELETE', `/instances/${locations.buildersGroup}`, { cookie }), 403, messages.instanceCloseForbidden);
    expect((await readInstance(t, cookie, locations.buildersGroup)).active).toBe(true);
  });

  it('refuses to close an instance already closed', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('DELETE', `/instances/${locations.bobClosed}`, { cookie });
    expectError(r, 403, messages.instanceAlreadyClosed);
    expect((await readInstance(t, cookie, locations.bobClosed)).closedAt).toBe('2025-12-01T20:00:00.000Z');
  });

  it('refuses a second close of the same instance', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('DELETE', `/instances/${locations.aliceHidden}`, { cookie });
    expectError(await t.call('DELETE', `/instances/${locations.aliceHidden}`, { cookie }), 403, messages.instanceAlreadyClosed);
  });

  it('answers 404 for an unknown instance', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/instances/${unknownWorld}:${instances.aliceHidden}`, { cookie });
    expectError(r, 404, messages.instanceNotFound);
  });

  it('names a bad query parameter', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('DELETE', `/instances/${locations.aliceHidden}?hardClose=maybe&closedAt=soon`, { cookie });
    expectError(r, 400, 'hardClose must be a boolean, closedAt must be a date-time');
    expect((await readInstance(t, cookie, locations.aliceHidden)).active).toBe(true);
  });

  it('closes an instance its owner just created', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const created = await t.call('POST', '/instances', { cookie, body: { worldId: worlds.lobby, type: 'private', region: 'jp' } });
    const r = await t.call('DELETE', `/instances/${created.body.location}?hardClose=false`, { cookie });
    expect(expectShape(InstanceSchema, r.body)).toMatchObject({ active: false, hardClose: false });
  });
});
