import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';

const announcement = 'ntf2_a11ce000-0000-4000-8000-0000000f0001';
const aliceMessage = 'not_a11ce000-0000-4000-8000-0000000d0002';

function collect(t: ReturnType<typeof testSandbox>) {
  const seen: PipelineEvent[] = [];
  t.sandbox.pipeline.on((e) => seen.push(e));
  return seen;
}

describe('v1 notification events and clear', () => {
  it('sends see-notification with the bare id', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const seen = collect(t);
    await t.call('PUT', `/auth/user/notifications/${aliceMessage}/see`, { cookie: alice });
    expect(seen).toEqual([{ type: 'see-notification', to: [ids.alice], content: aliceMessage }]);
  });

  it('sends hide-notification with the bare id', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const seen = collect(t);
    await t.call('PUT', `/auth/user/notifications/${aliceMessage}/hide`, { cookie: alice });
    expect(seen).toEqual([{ type: 'hide-notification', to: [ids.alice], content: aliceMessage }]);
  });

  it("clears all of the requester's notifications and no one else's", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const seen = collect(t);
    const r = await t.call('PUT', '/auth/user/notifications/clear', { cookie: alice });
    expect(r.body).toEqual({ success: { message: 'Ok', status_code: 200 } });
    expect(seen).toEqual([{ type: 'clear-notification', to: [ids.alice] }]);
    expect((await t.call('GET', '/auth/user/notifications', { cookie: alice })).body).toEqual([]);
    expect((await t.call('GET', '/auth/user/notifications', { cookie: await t.login('bob') })).body).toHaveLength(1);
  });
});

describe('v2 notifications', () => {
  it("lists the requester's own only", async () => {
    const t = testSandbox();
    const mine = (await t.call('GET', '/notifications', { cookie: await t.login('alice') })).body;
    expect(mine.map((n: { id: string }) => n.id)).toEqual([announcement]);
    expect(mine[0]).toMatchObject({
      type: 'group.announcement',
      version: 2,
      seen: false,
      responses: [],
      data: { groupName: 'Builders Guild' },
    });
    expect((await t.call('GET', '/notifications', { cookie: await t.login('bob') })).body).toEqual([]);
  });

  it('reads one by id for admins only, as the live service does', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', `/notifications/${announcement}`, { cookie: alice }), 403, 'Invalid Admin Credentials');
    expectError(
      await t.call('GET', '/notifications/not_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82', { cookie: alice }),
      403,
      'Invalid Admin Credentials',
    );
    const admin = await t.login('admin');
    expect((await t.call('GET', `/notifications/${announcement}`, { cookie: admin })).body).toMatchObject({ id: announcement });
    expectError(
      await t.call('GET', '/notifications/ntf2_00000000-0000-4000-8000-00000000dead', { cookie: admin }),
      404,
      'Notification not found',
    );
  });

  it('marks one seen and tells the socket', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const seen = collect(t);
    const r = await t.call('POST', `/notifications/${announcement}/see`, { cookie: alice });
    expect(r.body.seen).toBe(true);
    expect(seen[0]).toMatchObject({
      type: 'notification-v2-update',
      to: [ids.alice],
      content: { id: announcement, updates: { seen: true } },
    });
    expect((await t.call('GET', '/notifications', { cookie: alice })).body[0]).toMatchObject({ id: announcement, seen: true });
  });

  it('refuses a reply to a notification that offers none', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/notifications/${announcement}/reply`, {
      cookie: await t.login('alice'),
      body: { responseType: 'accept' },
    });
    expectError(r, 400, 'This notification cannot be replied to!');
  });

  it('deletes one, then it is gone', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const seen = collect(t);
    const r = await t.call('DELETE', `/notifications/${announcement}`, { cookie: alice });
    expect(r.body).toEqual({ success: { message: 'Notification cleared.', status_code: 200 } });
    expect(seen[0]).toEqual({ type: 'notification-v2-delete', to: [ids.alice], content: { ids: [announcement], version: 2 } });
    expect((await t.call('GET', '/notifications', { cookie: alice })).body).toEqual([]);
    expectError(await t.call('GET', `/notifications/${announcement}`, { cookie: await t.login('admin') }), 404, 'Notification not found');
  });

  it('refuses to delete one that cannot be deleted, and keeps it', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const kept = { ...(await t.call('GET', '/notifications', { cookie: alice })).body[0], canDelete: false };
    const put = await t.app.request('/_mock/records/notificationsV2', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(kept),
    });
    expect(put.status).toBe(200);
    expectError(await t.call('DELETE', `/notifications/${announcement}`, { cookie: alice }), 400, 'This notification cannot be deleted!');
    expect((await t.call('GET', '/notifications', { cookie: alice })).body[0]).toMatchObject({ id: announcement, canDelete: false });
  });

  it('clears all of them', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', '/notifications', { cookie: alice })).body).toEqual({
      success: { message: 'Notifications cleared.', status_code: 200 },
    });
    expect((await t.call('GET', '/notifications', { cookie: alice })).body).toEqual([]);
  });
});
