import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const aliceAvatar = 'avtr_a11ce000-0000-4000-8000-00000000a001';

describe('player moderations', () => {
  it("lists the requester's moderations with both names", async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/auth/user/playermoderations', { cookie: await t.login('alice') });
    expect(r.body).toEqual([
      {
        id: 'pmod_a11ce000-0000-4000-8000-0000000e0001',
        type: 'block',
        sourceUserId: ids.alice,
        sourceDisplayName: 'Alice',
        targetUserId: ids.eve,
        targetDisplayName: 'Eve',
        created: '2026-01-05T10:00:00.000Z',
      },
    ]);
    expect((await t.call('GET', '/auth/user/playermoderations', { cookie: await t.login('bob') })).body).toEqual([]);
  });

  it('blocks a user: hidden from search and no friend requests between them', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const r = await t.call('POST', '/auth/user/playermoderations', { cookie: bob, body: { moderated: ids.admin, type: 'block' } });
    expect(r.body).toMatchObject({ type: 'block', sourceUserId: ids.bob, targetUserId: ids.admin, targetDisplayName: 'Admin' });
    expect((await t.call('GET', '/users?search=admin', { cookie: bob })).body).toEqual([]);
    expectError(
      await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob }),
      400,
      "You can't send a friend request to this user",
    );
  });

  it('filters by type and replaces a mute with an unmute', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    await t.call('POST', '/auth/user/playermoderations', { cookie: bob, body: { moderated: ids.admin, type: 'mute' } });
    await t.call('POST', '/auth/user/playermoderations', { cookie: bob, body: { moderated: ids.admin, type: 'unmute' } });
    const all = (await t.call('GET', '/auth/user/playermoderations', { cookie: bob })).body;
    expect(all.map((m: { type: string }) => m.type)).toEqual(['unmute']);
    expect((await t.call('GET', '/auth/user/playermoderations?type=mute', { cookie: bob })).body).toEqual([]);
  });

  it('unmoderates one kind', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('PUT', '/auth/user/unplayermoderate', { cookie: alice, body: { moderated: ids.eve, type: 'block' } });
    expect(r.body).toEqual({ success: { message: 'PlayerModerations of type block removed', status_code: 200 } });
    expect((await t.call('GET', '/users?search=eve', { cookie: alice })).body).toHaveLength(1);
  });

  it('clears all of them', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', '/auth/user/playermoderations', { cookie: alice })).body).toEqual({
      success: { message: 'OK', status_code: 200 },
    });
    expect((await t.call('GET', '/auth/user/playermoderations', { cookie: alice })).body).toEqual([]);
  });

  it('validates the body', async () => {
    const t = testSandbox();
    expectError(
      await t.call('POST', '/auth/user/playermoderations', { cookie: await t.login('bob'), body: { moderated: ids.admin, type: 'slap' } }),
      400,
      'type must be one of block, hideAvatar, interactOff, interactOn, mute, muteChat, showAvatar, unmute, unmuteChat',
    );
  });
});

describe('avatar moderations', () => {
  it('blocks an avatar, lists it, and removes it', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const created = await t.call('POST', '/auth/user/avatarmoderations', {
      cookie: bob,
      body: { targetAvatarId: aliceAvatar, avatarModerationType: 'block' },
    });
    expect(created.body).toEqual({
      avatarModerationType: 'block',
      targetAvatarId: aliceAvatar,
      created: Date.parse('2026-01-15T12:00:00.000Z'),
    });
    expect((await t.call('GET', '/auth/user/avatarmoderations', { cookie: bob })).body).toEqual([
      { avatarModerationType: 'block', targetAvatarId: aliceAvatar, created: '2026-01-15T12:00:00.000Z' },
    ]);
    const removed = await t.call('DELETE', `/auth/user/avatarmoderations?targetAvatarId=${aliceAvatar}&avatarModerationType=block`, {
      cookie: bob,
    });
    expect(removed.body).toEqual({ OK: 'Avatar moderation removed' });
    expect((await t.call('GET', '/auth/user/avatarmoderations', { cookie: bob })).body).toEqual([]);
  });
});

describe('moderation reports', () => {
  it('submits a report and lists it for its reporter', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const body = { type: 'user', category: 'behavior', reason: 'harassment', contentId: ids.eve, description: 'rude' };
    const r = await t.call('POST', '/moderationReports', { cookie: bob, body });
    expect(r.body).toMatchObject({
      ...body,
      contentName: 'Eve',
      contentThumbnailImageUrl: null,
      evidenceRequired: false,
      supportRequired: false,
    });
    const list = (await t.call('GET', '/moderationReports', { cookie: bob })).body;
    expect(list).toMatchObject({ totalCount: 1, hasNext: false, results: [{ id: r.body.id }] });
  });

  it("refuses another user's reports to a non-admin", async () => {
    const t = testSandbox();
    expectError(
      await t.call('GET', `/moderationReports?moderationReportingUserId=${ids.alice}`, { cookie: await t.login('bob') }),
      403,
      'Invalid Admin Credentials',
    );
  });
});

describe('snapshot and restore', () => {
  it('puts friendships, moderations and notes back as they were', async () => {
    const t = testSandbox();
    const control = (path: string) => t.app.request(`/_mock/${path}`, { method: 'POST' });
    await control('snapshot');
    const bob = await t.login('bob');
    await t.call('POST', '/auth/user/playermoderations', { cookie: bob, body: { moderated: ids.eve, type: 'block' } });
    await t.call('POST', '/userNotes', { cookie: bob, body: { targetUserId: ids.eve, note: 'later' } });
    await t.call('DELETE', `/auth/user/friends/${ids.alice}`, { cookie: bob });
    await control('restore');
    expect((await t.call('GET', '/auth/user/playermoderations', { cookie: bob })).body).toEqual([]);
    expect((await t.call('GET', '/userNotes', { cookie: bob })).body).toEqual([]);
    expect((await t.call('GET', `/user/${ids.alice}/friendStatus`, { cookie: bob })).body.isFriend).toBe(true);
    expect((await t.call('GET', '/auth/user/playermoderations', { cookie: await t.login('alice') })).body).toHaveLength(1);
  });
});
