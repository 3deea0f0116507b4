import { describe, expect, it } from 'vitest';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { LimitedUserFriendSchema } from '../../../src/store/records/people.js';
import { NotificationSchema } from '../../../src/store/records/notifications.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';

const idsOf = (body: { id: string }[]) => body.map((u) => u.id);

describe('GET /auth/user/friends', () => {
  it('lists online and active friends by default, offline ones with offline=true', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const online = await t.call('GET', '/auth/user/friends', { cookie });
    expect(idsOf(online.body)).toEqual([ids.bob, ids.admin, ids.frank]);
    for (const friend of online.body) expectShape(LimitedUserFriendSchema, friend);
    expect(idsOf((await t.call('GET', '/auth/user/friends?offline=true', { cookie })).body)).toEqual([ids.dana]);
  });

  it('pages with n and offset in the order the friendships were made', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expect(idsOf((await t.call('GET', '/auth/user/friends?n=1&offset=1', { cookie })).body)).toEqual([ids.admin]);
  });

  it('shows where each friend is', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const [, , frank] = (await t.call('GET', '/auth/user/friends', { cookie })).body;
    expect(frank).toMatchObject({ id: ids.frank, location: 'offline', platform: 'web', status: 'ask me' });
  });

  it('refuses n above 100', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/auth/user/friends?n=101', { cookie }), 400, 'n must be at most 100');
  });
});

describe('friend requests', () => {
  it('sends a friendRequest notification the other user reads', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const sent = await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob });
    expect(sent.status).toBe(200);
    expectShape(NotificationSchema, sent.body);
    expect(sent.body).toMatchObject({ type: 'friendRequest', senderUserId: ids.bob });
    const admin = await t.login('admin');
    const list = (await t.call('GET', '/auth/user/notifications?type=friendRequest', { cookie: admin })).body;
    expect(list.map((n: { id: string }) => n.id)).toEqual([sent.body.id]);
    expect((await t.call('GET', `/user/${ids.bob}/friendStatus`, { cookie: admin })).body).toEqual({
      isFriend: false,
      incomingRequest: true,
      outgoingRequest: false,
    });
    expect((await t.call('GET', `/user/${ids.admin}/friendStatus`, { cookie: bob })).body).toEqual({
      isFriend: false,
      incomingRequest: false,
      outgoingRequest: true,
    });
  });

  it('makes both friends on accept and removes the request', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const sent = (await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob })).body;
    const admin = await t.login('admin');
    const accepted = await t.call('PUT', `/auth/user/notifications/${sent.id}/accept`, { cookie: admin });
    expect(accepted.body).toEqual({ success: { message: 'Ok', status_code: 200 } });
    expect(idsOf((await t.call('GET', '/auth/user/friends', { cookie: bob })).body)).toContain(ids.admin);
    expect(idsOf((await t.call('GET', '/auth/user/friends', { cookie: admin })).body)).toContain(ids.bob);
    expectError(await t.call('GET', `/auth/user/notifications/${sent.id}`, { cookie: admin }), 404, 'Notification not found');
    expect((await t.call('GET', `/user/${ids.bob}/friendStatus`, { cookie: admin })).body).toEqual({
      isFriend: true,
      incomingRequest: false,
      outgoingRequest: false,
    });
    expect((await t.call('GET', '/auth/user', { cookie: bob })).body.friends).toContain(ids.admin);
  });

  it('accepts the other side’s request when the requester was asked first', async () => {
    const t = testSandbox();
    const carol = 'usr_ca201000-0000-4000-8000-000000000003';
    const alice = await t.login('alice');
    const r = await t.call('POST', `/user/${carol}/friendRequest`, { cookie: alice });
    expect(r.status).toBe(200);
    expect((await t.call('GET', `/user/${carol}/friendStatus`, { cookie: alice })).body.isFriend).toBe(true);
  });

  it('refuses a request to yourself, to a friend, twice, and to an unknown user', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('POST', `/user/${ids.bob}/friendRequest`, { cookie: bob }),
      400,
      "You can't send a friend request to yourself",
    );
    expectError(await t.call('POST', `/user/${ids.alice}/friendRequest`, { cookie: bob }), 400, 'Users are already friends');
    await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob });
    expectError(
      await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob }),
      400,
      'This user has already been sent a friend request',
    );
    expectError(
      await t.call('POST', '/user/usr_00000000-0000-4000-8000-00000000dead/friendRequest', { cookie: bob }),
      404,
      "user doesn't exist!",
    );
  });

  it('refuses requests between a blocker and the blocked, both ways', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', `/user/${ids.eve}/friendRequest`, { cookie: await t.login('alice') }),
      400,
      "You can't send a friend request to this user",
    );
    expectError(
      await t.call('POST', `/user/${ids.alice}/friendRequest`, { cookie: await t.login('eve') }),
      400,
      "You can't send a friend request to this user",
    );
  });

  it('withdraws an outgoing request', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob });
    const r = await t.call('DELETE', `/user/${ids.admin}/friendRequest`, { cookie: bob });
    expect(r.body).toEqual({ success: { message: 'Friendship request deleted', status_code: 200 } });
    expect((await t.call('GET', `/user/${ids.admin}/friendStatus`, { cookie: bob })).body.outgoingRequest).toBe(false);
  });

  it('answers success when there is no request to withdraw, as the live service does', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const again = await t.call('DELETE', `/user/${ids.admin}/friendRequest`, { cookie: bob });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: { message: 'Friendship request deleted', status_code: 200 } });
    const unknown = await t.call('DELETE', '/user/usr_00000000-0000-4000-8000-00000000dead/friendRequest', { cookie: bob });
    expect(unknown.status).toBe(200);
    const admin = await t.login('admin');
    expect((await t.call('GET', `/user/${ids.bob}/friendStatus`, { cookie: admin })).body.incomingRequest).toBe(false);
  });

  it('answers 404 when accepting something that is not a friend request', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(
      await t.call('PUT', '/auth/user/notifications/not_a11ce000-0000-4000-8000-0000000d0002/accept', { cookie: alice }),
      404,
      'that friend request could not be found',
    );
  });
});

describe('DELETE /auth/user/friends/{userId}', () => {
  it('unfriends both ways', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('DELETE', `/auth/user/friends/${ids.bob}`, { cookie: alice });
    expect(r.body).toEqual({ success: { message: 'Friendship destroyed', status_code: 200 } });
    expect(idsOf((await t.call('GET', '/auth/user/friends', { cookie: alice })).body)).not.toContain(ids.bob);
    const bob = await t.login('bob');
    expect((await t.call('GET', '/auth/user', { cookie: bob })).body.friends).toEqual([ids.frank]);
    expect((await t.call('GET', `/users/${ids.alice}`, { cookie: bob })).body.location).toBe('offline');
  });

  it('answers 400 for someone who is not a friend', async () => {
    const t = testSandbox();
    expectError(
      await t.call('DELETE', `/auth/user/friends/${ids.eve}`, { cookie: await t.login('alice') }),
      400,
      'These users are not friends',
    );
  });
});

describe('POST /users/{userId}/boop', () => {
  it('sends a boop notification to a friend', async () => {
    const t = testSandbox();
    const r = await t.call('POST', `/users/${ids.bob}/boop`, {
      cookie: await t.login('frank'),
      body: { emojiId: 'default_wave', emojiVersion: 1 },
    });
    expect(r.body).toEqual({ success: { message: 'User booped!', status_code: 200 } });
    const list = (await t.call('GET', '/auth/user/notifications?type=boop', { cookie: await t.login('bob') })).body;
    expect(list[0]).toMatchObject({ senderUserId: ids.frank, details: '{"emojiId":"default_wave","emojiVersion":1}' });
  });

  it('refuses a boop to a non-friend', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', `/users/${ids.eve}/boop`, { cookie: await t.login('frank'), body: {} }),
      400,
      'These users are not friends',
    );
  });

  it('refuses a boop to a user who does not exist with 400, as the live service does', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', '/users/usr_00000000-0000-4000-8000-00000000dead/boop', { cookie: await t.login('frank'), body: {} }),
      400,
      'These users are not friends',
    );
  });
});

describe('friend events', () => {
  function collect(t: ReturnType<typeof testSandbox>) {
    const seen: PipelineEvent[] = [];
    t.sandbox.pipeline.on((e) => seen.push(e));
    return seen;
  }

  it('sends the request as a notification event with details as an object', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const seen = collect(t);
    const sent = (await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob })).body;
    expect(seen).toEqual([
      { type: 'notification', to: [ids.admin], content: expect.objectContaining({ id: sent.id, type: 'friendRequest', details: {} }) },
    ]);
  });

  it('sends friend-add to both sides on accept', async () => {
    const t = testSandbox();
    const sent = (await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: await t.login('bob') })).body;
    const admin = await t.login('admin');
    const seen = collect(t);
    await t.call('PUT', `/auth/user/notifications/${sent.id}/accept`, { cookie: admin });
    expect(seen.map((e) => [e.type, e.to, (e.content as { userId: string }).userId])).toEqual([
      ['friend-add', [ids.admin], ids.bob],
      ['friend-add', [ids.bob], ids.admin],
    ]);
  });

  it('sends friend-delete to both sides on unfriend', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const seen = collect(t);
    await t.call('DELETE', `/auth/user/friends/${ids.bob}`, { cookie: alice });
    expect(seen).toEqual([
      { type: 'friend-delete', to: [ids.alice], content: { userId: ids.bob } },
      { type: 'friend-delete', to: [ids.bob], content: { userId: ids.alice } },
    ]);
  });
});
