import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/main/app.js';
import { ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';

const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';
const aliceHidden =
  'wrld_a11ce000-0000-4000-8000-00000000b001:48213~hidden(usr_a11ce000-0000-4000-8000-000000000001)~region(eu)~nonce(a11ce000-0000-4000-8000-0000000000c1)';
const closedPrivate =
  'wrld_b0b00000-0000-4000-8000-00000000b002:30303~private(usr_b0b00000-0000-4000-8000-000000000002)~region(us)~nonce(b0b00000-0000-4000-8000-0000000000c3)';

function events(t: ReturnType<typeof testSandbox>) {
  const seen: PipelineEvent[] = [];
  t.sandbox.pipeline.on((e) => seen.push(e));
  return seen;
}

async function move(t: ReturnType<typeof testSandbox>, userId: string, body: unknown) {
  const app = createApp(t.deps);
  const response = await app.request(`/_mock/users/${userId}/presence`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('presence', () => {
  it('makes a logged-in offline user active on the website', async () => {
    const t = testSandbox();
    expect(t.sandbox.users.get(ids.eve)!.state).toBe('offline');
    await t.login('eve');
    expect(t.sandbox.users.get(ids.eve)).toMatchObject({ state: 'active', location: 'offline', platform: 'web' });
  });

  it('moves a user into an instance from the control plane, with user lists and counts following', async () => {
    const t = testSandbox();
    const r = await move(t, ids.frank, { location: workshop, platform: 'android' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: 'online', location: workshop, platform: 'android' });
    const cookie = await t.login('alice');
    const [worldId, instanceId] = workshop.split(':');
    const instance = (await t.call('GET', `/instances/${worldId}:${instanceId}`, { cookie })).body;
    expect(instance.users.map((u: { id: string }) => u.id)).toEqual([ids.frank]);
    expect(instance.n_users).toBe(1);
  });

  it('takes a user out of the instance they leave', async () => {
    const t = testSandbox();
    await move(t, ids.bob, { location: workshop });
    expect(t.sandbox.instances.get(aliceHidden)!.userIds).toEqual([ids.alice]);
    expect(t.sandbox.instances.get(workshop)!.userIds).toEqual([ids.bob]);
  });

  it('records the world in recentWorldIds, newest first, each once', async () => {
    const t = testSandbox();
    await move(t, ids.frank, { location: workshop });
    await move(t, ids.frank, {
      location: 'wrld_ad000000-0000-4000-8000-00000000b003:10001~region(us)~nonce(ad000000-0000-4000-8000-0000000000c4)',
    });
    await move(t, ids.frank, { location: workshop });
    expect(t.sandbox.users.get(ids.frank)!.recentWorldIds).toEqual([
      'wrld_a11ce000-0000-4000-8000-00000000b001',
      'wrld_ad000000-0000-4000-8000-00000000b003',
    ]);
  });

  it('refuses a closed instance', async () => {
    const t = testSandbox();
    const r = await move(t, ids.frank, { location: closedPrivate });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe('This instance is closed.');
  });

  it('refuses a full instance', async () => {
    const t = testSandbox();
    t.sandbox.worlds.get('wrld_a11ce000-0000-4000-8000-00000000b001')!.capacity = 2;
    const r = await move(t, ids.frank, { location: aliceHidden });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe('This instance is full.');
  });

  it('answers 404 for an instance that does not exist', async () => {
    const t = testSandbox();
    const r = await move(t, ids.frank, { location: 'wrld_a11ce000-0000-4000-8000-00000000b001:99999' });
    expect(r.status).toBe(404);
  });

  it("keeps the friend buckets on CurrentUser in step, each in the friends list's order", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const before = (await t.call('GET', '/auth/user', { cookie })).body;
    expect(before).toMatchObject({ onlineFriends: [ids.bob, ids.admin], activeFriends: [ids.frank], offlineFriends: [ids.dana] });
    await move(t, ids.bob, { state: 'offline' });
    const after = (await t.call('GET', '/auth/user', { cookie })).body;
    expect(after).toMatchObject({ onlineFriends: [ids.admin], activeFriends: [ids.frank], offlineFriends: [ids.bob, ids.dana] });
  });

  it('shows "private" to friends for an invite-only instance', async () => {
    const t = testSandbox();
    t.sandbox.instances.get(closedPrivate)!.closedAt = null;
    await move(t, ids.bob, { location: closedPrivate });
    const cookie = await t.login('alice');
    const bob = (await t.call('GET', `/users/${ids.bob}`, { cookie })).body;
    expect(bob).toMatchObject({ location: 'private', worldId: 'private', instanceId: 'private' });
  });
});

describe('presence events', () => {
  it('sends friend-online to friends when a user comes into the game', async () => {
    const t = testSandbox();
    const seen = events(t);
    await move(t, ids.dana, { location: workshop, platform: 'standalonewindows' });
    const online = seen.find((e) => e.type === 'friend-online')!;
    expect(online.to).toEqual([ids.alice]);
    expect(online.content).toMatchObject({
      userId: ids.dana,
      location: workshop,
      worldId: workshop.split(':')[0],
      instanceId: workshop.split(':')[1],
      canRequestInvite: false,
      platform: 'standalonewindows',
      user: { id: ids.dana },
    });
  });

  it('sends friend-active, spelled userid, when a user logs in on the website', async () => {
    const t = testSandbox();
    const seen = events(t);
    await move(t, ids.dana, { state: 'active' });
    expect(seen[0]).toMatchObject({
      type: 'friend-active',
      to: [ids.alice],
      content: { userid: ids.dana, platform: 'web', user: { id: ids.dana } },
    });
  });

  it('sends friend-offline with the platform they left from', async () => {
    const t = testSandbox();
    const seen = events(t);
    await move(t, ids.frank, { state: 'offline' });
    expect(seen[0]).toEqual({ type: 'friend-offline', to: [ids.alice, ids.bob], content: { userId: ids.frank, platform: 'web' } });
  });

  it('sends friend-location and user-location on a move between instances', async () => {
    const t = testSandbox();
    const seen = events(t);
    await move(t, ids.bob, { location: workshop });
    const location = seen.find((e) => e.type === 'friend-location')!;
    expect(location.to).toEqual([ids.alice, ids.frank]);
    expect(location.content).toMatchObject({
      userId: ids.bob,
      location: workshop,
      instance: workshop.split(':')[1],
      worldId: workshop.split(':')[0],
      canRequestInvite: false,
      travelingToLocation: '',
      user: { id: ids.bob },
    });
    expect(seen.find((e) => e.type === 'user-location')).toMatchObject({ to: [ids.bob], content: { userId: ids.bob, location: workshop } });
  });

  it('hides a private instance in friend-location', async () => {
    const t = testSandbox();
    t.sandbox.instances.get(closedPrivate)!.closedAt = null;
    const seen = events(t);
    await move(t, ids.bob, { location: closedPrivate });
    expect(seen.find((e) => e.type === 'friend-location')!.content).toMatchObject({
      location: 'private',
      worldId: 'private',
      instance: '',
    });
  });
});

describe("groups' onlineMemberCount", () => {
  async function onlineCount(t: ReturnType<typeof testSandbox>, groupId: string) {
    const cookie = await t.login('eve');
    return (await t.call('GET', `/groups/${groupId}`, { cookie })).body.onlineMemberCount as number;
  }

  it('counts the members in game when the world loads', async () => {
    const t = testSandbox();
    const members = [...t.sandbox.groupMembersByGroup.get(groups.nightOwls)!.values()].filter((m) => m.membershipStatus === 'member');
    const inGame = members.filter((m) => t.sandbox.users.get(m.userId)!.state === 'online').length;
    expect(inGame).toBeGreaterThan(0);
    expect(await onlineCount(t, groups.nightOwls)).toBe(inGame);
  });

  it('drops by one when a member goes offline', async () => {
    const t = testSandbox();
    const before = await onlineCount(t, groups.nightOwls);
    expect((await move(t, ids.bob, { state: 'offline' })).status).toBe(200);
    expect(await onlineCount(t, groups.nightOwls)).toBe(before - 1);
  });

  it('rises by one when a member comes into the game, and not for a move between instances', async () => {
    const t = testSandbox();
    await move(t, ids.bob, { state: 'offline' });
    const before = await onlineCount(t, groups.nightOwls);
    await move(t, ids.bob, { location: workshop });
    expect(await onlineCount(t, groups.nightOwls)).toBe(before + 1);
    await move(t, ids.bob, { location: 'private' });
    expect(await onlineCount(t, groups.nightOwls)).toBe(before + 1);
  });

  it('leaves the groups of someone else alone', async () => {
    const t = testSandbox();
    const before = await onlineCount(t, groups.nightOwls);
    await move(t, ids.frank, { location: workshop });
    expect(await onlineCount(t, groups.nightOwls)).toBe(before);
  });
});
