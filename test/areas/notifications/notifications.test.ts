import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { messages } from '../../../src/errors.js';
import { NotificationSchema } from '../../../src/store/records/notifications.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';

/** Fixture notifications: alice has three visible ones and one hidden friend request; bob has one. */
const notes = {
  aliceInvite: 'not_a11ce000-0000-4000-8000-0000000d0001',
  aliceMessage: 'not_a11ce000-0000-4000-8000-0000000d0002',
  aliceBoop: 'not_a11ce000-0000-4000-8000-0000000d0003',
  aliceFriendRequest: 'frq_a11ce000-0000-4000-8000-0000000d0004',
  bobRequestInvite: 'not_b0b00000-0000-4000-8000-0000000d0101',
  unknown: 'not_00000000-0000-4000-8000-00000000dead',
};
const NotificationList = z.array(NotificationSchema);

async function session(username = 'alice') {
  const t = testSandbox();
  const cookie = await t.login(username);
  const list = async (query = '') => {
    const r = await t.call('GET', `/auth/user/notifications${query}`, { cookie });
    expect(r.status).toBe(200);
    return expectShape(NotificationList, r.body);
  };
  return { t, cookie, list };
}

describe('PUT /auth/user/notifications/{notificationId}/see', () => {
  it('marks the notification seen and returns it', async () => {
    const { t, cookie } = await session();
    const r = await t.call('PUT', `/auth/user/notifications/${notes.aliceInvite}/see`, { cookie });
    expect(r.status).toBe(200);
    expect(expectShape(NotificationSchema, r.body)).toMatchObject({ id: notes.aliceInvite, type: 'invite', seen: true });
  });

  it('keeps it seen on the next read, alone and in the list', async () => {
    const { t, cookie, list } = await session();
    await t.call('PUT', `/auth/user/notifications/${notes.aliceBoop}/see`, { cookie });
    const one = await t.call('GET', `/auth/user/notifications/${notes.aliceBoop}`, { cookie });
    expect(expectShape(NotificationSchema, one.body).seen).toBe(true);
    const seen = Object.fromEntries((await list()).map((n) => [n.id, n.seen]));
    expect(seen).toEqual({ [notes.aliceInvite]: false, [notes.aliceMessage]: true, [notes.aliceBoop]: true });
  });

  it("answers 404 for another user's notification and leaves it unseen", async () => {
    const { t, cookie } = await session();
    const r = await t.call('PUT', `/auth/user/notifications/${notes.bobRequestInvite}/see`, { cookie });
    expectError(r, 404, messages.notificationNotFound);
    const bob = await t.login('bob');
    const again = await t.call('GET', `/auth/user/notifications/${notes.bobRequestInvite}`, { cookie: bob });
    expect(expectShape(NotificationSchema, again.body).seen).toBe(false);
  });

  it('answers 404 for an unknown notification', async () => {
    const { t, cookie } = await session();
    expectError(await t.call('PUT', `/auth/user/notifications/${notes.unknown}/see`, { cookie }), 404, 'Notification not found');
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('PUT', `/auth/user/notifications/${notes.aliceInvite}/see`), 401, 'Missing Credentials');
  });
});

describe('GET /auth/user/notifications', () => {
  it("lists the requester's visible notifications, newest first, without receiverUserId", async () => {
    const { t, cookie, list } = await session();
    expect((await list()).map((n) => n.id)).toEqual([notes.aliceInvite, notes.aliceMessage, notes.aliceBoop]);
    const raw = await t.call('GET', '/auth/user/notifications', { cookie });
    expect(raw.body[0]).not.toHaveProperty('receiverUserId');
    expect(raw.body[0]).toMatchObject({ senderUserId: ids.bob, details: expect.stringContaining('worldId') });
  });

  it('filters by type', async () => {
    const { list } = await session();
    expect((await list('?type=message')).map((n) => n.id)).toEqual([notes.aliceMessage]);
    expect(await list('?type=all')).toHaveLength(3);
  });

  it('lists hidden friend requests with hidden=true', async () => {
    const { list } = await session();
    expect((await list('?type=friendRequest&hidden=true')).map((n) => n.id)).toEqual([notes.aliceFriendRequest]);
  });

  it('keeps notifications created before `after` out', async () => {
    const { list } = await session();
    expect((await list('?after=2026-01-11T00:00:00Z')).map((n) => n.id)).toEqual([notes.aliceInvite, notes.aliceMessage]);
  });

  it('pages with n and offset', async () => {
    const { list } = await session();
    expect((await list('?n=1&offset=1')).map((n) => n.id)).toEqual([notes.aliceMessage]);
  });

  it('answers 400 naming a bad parameter', async () => {
    const { t, cookie } = await session();
    const call = (query: string) => t.call('GET', `/auth/user/notifications${query}`, { cookie });
    expectError(await call('?n=0'), 400, 'n must be at least 1');
    expectError(await call('?offset=-1'), 400, 'offset must be at least 0');
    expectError(await call('?sent=true'), 400, 'sent must be false');
    expectError(await call('?hidden=true'), 400, 'hidden must be false unless type is friendRequest');
    expectError(await call('?after=yesterday'), 400, 'after must be a date-time');
    expect((await call('?type=poke')).body.error.message).toMatch(/^type must be one of all, boop, friendRequest/);
  });
});

describe('PUT /auth/user/notifications/{notificationId}/hide', () => {
  it('takes the notification out of the default list and into the hidden one', async () => {
    const { t, cookie, list } = await session();
    const r = await t.call('PUT', `/auth/user/notifications/${notes.aliceMessage}/hide`, { cookie });
    expect(r.body).toEqual({ success: { message: 'Ok', status_code: 200 } });
    expect((await list()).map((n) => n.id)).toEqual([notes.aliceInvite, notes.aliceBoop]);
  });

  it("answers 404 for another user's notification", async () => {
    const { t, cookie } = await session('bob');
    expectError(await t.call('PUT', `/auth/user/notifications/${notes.aliceInvite}/hide`, { cookie }), 404, messages.notificationNotFound);
  });
});

describe('GET /auth/user/notifications/{notificationId}', () => {
  it("answers 404 for another user's notification", async () => {
    const { t, cookie } = await session('bob');
    expectError(await t.call('GET', `/auth/user/notifications/${notes.aliceInvite}`, { cookie }), 404, messages.notificationNotFound);
  });
});
