import { describe, expect, it } from 'vitest';
import { ids } from '../support/helpers.js';
import { usePipelineServer } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();
const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';
const [workshopWorld, workshopInstance] = workshop.split(':') as [string, string];

type Name = 'alice' | 'bob' | 'admin' | 'dana' | 'frank';

/**
 * Sockets of the named users in the default world, and one of alice's in an isolated world where
 * nothing happens; `nobodyElse` proves that no socket got more than the test took.
 */
async function scene(...names: Name[]) {
  const world = (await pipeline.control('POST', '/worlds')).body.id as string;
  const elsewhereSession = await pipeline.login('alice', { 'x-mock-world': world });
  const connected = await pipeline.connect(...names);
  const elsewhere = pipeline.open(`world=${world}&authToken=${elsewhereSession.token}`);
  await elsewhere.opened;
  const by = new Map(names.map((name, i) => [name, connected[i]!]));
  return {
    socket: (name: Name) => by.get(name)!.socket,
    cookie: (name: Name) => by.get(name)!.cookie,
    /** The next frame of a socket, its content parsed. */
    async next(name: Name) {
      const frame = await by.get(name)!.socket.next();
      return { type: frame.type, content: frame.content === undefined ? undefined : JSON.parse(frame.content) };
    },
    async nobodyElse() {
      await pipeline.expectNothingMore(connected.map((c) => c.socket));
      await pipeline.expectNothingMore([elsewhere], world);
      await pipeline.control('DELETE', `/worlds/${world}`);
    },
  };
}

const presence = (userId: string, body: unknown) => pipeline.control('POST', `/users/${userId}/presence`, body);

describe('friend events from presence', () => {
  it('a friend entering an instance: friend-online to each friend, user-location to them, nothing to others', async () => {
    const s = await scene('alice', 'bob', 'admin', 'frank');
    expect((await presence(ids.frank, { location: workshop, platform: 'android' })).status).toBe(200);
    for (const name of ['alice', 'bob'] as const) {
      const frame = await s.next(name);
      expect(frame.type).toBe('friend-online');
      expect(frame.content).toMatchObject({
        userId: ids.frank,
        location: workshop,
        worldId: workshopWorld,
        instanceId: workshopInstance,
        platform: 'android',
        user: { id: ids.frank },
      });
    }
    expect(await s.next('frank')).toMatchObject({ type: 'user-location', content: { userId: ids.frank, location: workshop } });
    await s.nobodyElse();
  });

  it('a friend moving between instances: friend-location with where they went', async () => {
    const s = await scene('alice', 'frank', 'admin', 'bob');
    // bob starts in an instance; frank and alice are his friends.
    expect((await presence(ids.bob, { location: workshop })).status).toBe(200);
    for (const name of ['alice', 'frank'] as const) {
      expect(await s.next(name)).toMatchObject({
        type: 'friend-location',
        content: { userId: ids.bob, location: workshop, instance: workshopInstance, worldId: workshopWorld, user: { id: ids.bob } },
      });
    }
    expect(await s.next('bob')).toMatchObject({ type: 'user-location', content: { userId: ids.bob, location: workshop } });
    await s.nobodyElse();
  });

  it('a friend moving into a private instance: friend-location with worldId "private" and no instance', async () => {
    const s = await scene('alice', 'frank', 'admin');
    expect((await presence(ids.bob, { location: 'private' })).status).toBe(200);
    for (const name of ['alice', 'frank'] as const) {
      expect(await s.next(name)).toMatchObject({
        type: 'friend-location',
        content: { userId: ids.bob, location: 'private', worldId: 'private', instance: '' },
      });
    }
    await s.nobodyElse();
  });

  it('a friend on the website: friend-active with the field spelled userid', async () => {
    const s = await scene('alice', 'bob');
    expect((await presence(ids.dana, { state: 'active' })).status).toBe(200);
    expect(await s.next('alice')).toMatchObject({
      type: 'friend-active',
      content: { userid: ids.dana, platform: 'web', user: { id: ids.dana } },
    });
    await s.nobodyElse();
  });

  it('a friend going offline: friend-offline with the platform they left from', async () => {
    const s = await scene('alice', 'bob', 'admin');
    expect((await presence(ids.frank, { state: 'offline' })).status).toBe(200);
    for (const name of ['alice', 'bob'] as const) {
      expect(await s.next(name)).toEqual({ type: 'friend-offline', content: { userId: ids.frank, platform: 'web' } });
    }
    await s.nobodyElse();
  });
});

describe('friend events from friendships', () => {
  it('an accepted friend request: friend-add to both sides', async () => {
    const s = await scene('bob', 'admin', 'alice');
    const request = await pipeline.api('POST', `/user/${ids.admin}/friendRequest`, { cookie: s.cookie('bob') });
    expect(request.status).toBe(200);
    expect(await s.next('admin')).toMatchObject({
      type: 'notification',
      content: { id: request.body.id, type: 'friendRequest', senderUserId: ids.bob },
    });
    expect((await pipeline.api('PUT', `/auth/user/notifications/${request.body.id}/accept`, { cookie: s.cookie('admin') })).status).toBe(
      200,
    );
    expect(await s.next('admin')).toMatchObject({ type: 'friend-add', content: { userId: ids.bob, user: { id: ids.bob } } });
    expect(await s.next('bob')).toMatchObject({ type: 'friend-add', content: { userId: ids.admin, user: { id: ids.admin } } });
    await s.nobodyElse();
  });

  it('a friend removed: friend-delete to both sides', async () => {
    const s = await scene('alice', 'bob', 'admin');
    expect((await pipeline.api('DELETE', `/auth/user/friends/${ids.bob}`, { cookie: s.cookie('alice') })).status).toBe(200);
    expect(await s.next('alice')).toEqual({ type: 'friend-delete', content: { userId: ids.bob } });
    expect(await s.next('bob')).toEqual({ type: 'friend-delete', content: { userId: ids.alice } });
    await s.nobodyElse();
  });

  it('a withdrawn friend request: hide-notification with the bare id to its receiver', async () => {
    const s = await scene('bob', 'admin', 'alice');
    const request = (await pipeline.api('POST', `/user/${ids.admin}/friendRequest`, { cookie: s.cookie('bob') })).body;
    expect((await s.next('admin')).type).toBe('notification');
    expect((await pipeline.api('DELETE', `/user/${ids.admin}/friendRequest`, { cookie: s.cookie('bob') })).status).toBe(200);
    expect(await s.socket('admin').next()).toEqual({ type: 'hide-notification', content: request.id });
    await s.nobodyElse();
  });
});

describe('profile events', () => {
  it('a profile change: user-update to the user, friend-update to each friend', async () => {
    const s = await scene('frank', 'alice', 'bob', 'admin');
    expect((await pipeline.api('PUT', `/users/${ids.frank}`, { cookie: s.cookie('frank'), body: { bio: 'new bio' } })).status).toBe(200);
    expect(await s.next('frank')).toMatchObject({
      type: 'user-update',
      content: { userId: ids.frank, user: { id: ids.frank, bio: 'new bio' } },
    });
    for (const name of ['alice', 'bob'] as const) {
      expect(await s.next(name)).toMatchObject({
        type: 'friend-update',
        content: { userId: ids.frank, user: { id: ids.frank, bio: 'new bio' } },
      });
    }
    await s.nobodyElse();
  });
});

describe('notification events', () => {
  it('clearing notifications: clear-notification without content to the user', async () => {
    const s = await scene('alice', 'bob');
    expect((await pipeline.api('PUT', '/auth/user/notifications/clear', { cookie: s.cookie('alice') })).status).toBe(200);
    expect(await s.socket('alice').next()).toEqual({ type: 'clear-notification' });
    await s.nobodyElse();
  });

  it('an invite: notification with details as an object; its answer: a notification and response-notification to the inviter', async () => {
    const s = await scene('alice', 'bob', 'admin');
    const invite = await pipeline.api('POST', `/invite/${ids.alice}`, { cookie: s.cookie('bob'), body: { instanceId: workshop } });
    expect(invite.status).toBe(200);
    const received = await s.next('alice');
    expect(received).toMatchObject({ type: 'notification', content: { id: invite.body.id, type: 'invite', senderUserId: ids.bob } });
    expect(typeof received.content.details).toBe('object');
    const answer = await pipeline.api('POST', `/invite/${invite.body.id}/response`, {
      cookie: s.cookie('alice'),
      body: { responseSlot: 0 },
    });
    expect(answer.status).toBe(200);
    expect(await s.next('bob')).toMatchObject({ type: 'notification', content: { type: 'inviteResponse', senderUserId: ids.alice } });
    expect(await s.next('bob')).toMatchObject({
      type: 'response-notification',
      content: { notificationId: invite.body.id, receiverId: ids.alice },
    });
    await s.nobodyElse();
  });

  it('a v2 notification seen: notification-v2-update to its receiver', async () => {
    const s = await scene('alice', 'bob');
    const id = 'ntf2_a11ce000-0000-4000-8000-0000000f0001';
    expect((await pipeline.api('POST', `/notifications/${id}/see`, { cookie: s.cookie('alice') })).status).toBe(200);
    expect(await s.next('alice')).toMatchObject({ type: 'notification-v2-update', content: { id, updates: { seen: true } } });
    await s.nobodyElse();
  });

  it('a v2 notification deleted: notification-v2-delete with its id to its receiver', async () => {
    const s = await scene('alice', 'bob');
    const id = 'ntf2_a11ce000-0000-4000-8000-0000000f0001';
    expect((await pipeline.api('DELETE', `/notifications/${id}`, { cookie: s.cookie('alice') })).status).toBe(200);
    expect(await s.next('alice')).toMatchObject({ type: 'notification-v2-delete', content: { ids: [id] } });
    await s.nobodyElse();
  });
});

describe('instance events', () => {
  const aliceHidden =
    'wrld_a11ce000-0000-4000-8000-00000000b001:48213~hidden(usr_a11ce000-0000-4000-8000-000000000001)~region(eu)~nonce(a11ce000-0000-4000-8000-0000000000c1)';

  it('an instance closed now: instance-closed to everyone inside it, nobody else', async () => {
    const s = await scene('alice', 'bob', 'admin');
    const closed = await pipeline.api('DELETE', `/instances/${aliceHidden}?hardClose=true`, { cookie: s.cookie('alice') });
    expect(closed.status).toBe(200);
    const content = { instanceLocation: aliceHidden, closedAt: closed.body.closedAt, hardClose: true };
    expect(await s.next('alice')).toEqual({ type: 'instance-closed', content });
    expect(await s.next('bob')).toEqual({ type: 'instance-closed', content });
    await s.nobodyElse();
  });

  it('a close planned for later sends nothing yet', async () => {
    const s = await scene('alice', 'bob');
    const later = await pipeline.api('DELETE', `/instances/${aliceHidden}?closedAt=2099-01-01T00:00:00Z`, { cookie: s.cookie('alice') });
    expect(later.status).toBe(200);
    await s.nobodyElse();
  });
});
