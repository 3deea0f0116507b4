import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { messages } from '../../../src/errors.js';
import { FavoriteGroupSchema } from '../../../src/store/records/favorites.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { worlds } from '../../support/worlds-fixture-ids.js';
import { avatars, extraAvatar, friendsAndAvatars, setup } from '../../support/favorites-fixtures.js';

describe('favorite groups', () => {
  async function groups(query: string, cookie: string, t: ReturnType<typeof testSandbox>) {
    const r = await t.call('GET', `/favorite/groups${query}`, { cookie });
    expect(r.status).toBe(200);
    return expectShape(z.array(FavoriteGroupSchema), r.body);
  }

  it('GET /favorite/groups lists every group of every type, renamed ones by their new name', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const all = await groups('?n=100', alice, t);
    expect(all).toHaveLength(6 + 3 + 4 + 4);
    expect(all.find((g) => g.name === 'worlds1')).toMatchObject({
      displayName: 'Hangouts',
      visibility: 'public',
      ownerId: ids.alice,
      type: 'world',
    });
    expect(all.find((g) => g.name === 'group_0')).toMatchObject({ displayName: 'Group 1', visibility: 'private', type: 'friend' });
  });

  it("shows another owner's public groups only", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const seen = await groups(`?ownerId=${ids.alice}`, bob, t);
    expect(seen.map((g) => g.name)).toEqual(['worlds1']);
  });

  it('PUT renames a group and changes its visibility; the next read shows it', async () => {
    const { t, bob } = await setup();
    const alice = await t.login('alice');
    expectError(await t.call('GET', `/favorite/group/avatar/avatars2/${ids.bob}`, { cookie: alice }), 404, messages.favoriteGroupNotFound);
    const r = await t.call('PUT', `/favorite/group/avatar/avatars2/${ids.bob}`, {
      cookie: bob,
      body: { displayName: 'Robots', visibility: 'friends' },
    });
    expect(r.status).toBe(200);
    const read = await t.call('GET', `/favorite/group/avatar/avatars2/${ids.bob}`, { cookie: bob });
    expect(expectShape(FavoriteGroupSchema, read.body)).toMatchObject({ name: 'avatars2', displayName: 'Robots', visibility: 'friends' });
    // alice, a friend, now sees it
    expect((await t.call('GET', `/favorite/group/avatar/avatars2/${ids.bob}`, { cookie: alice })).body.displayName).toBe('Robots');
  });

  it("refuses to change someone else's group with 403", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const r = await t.call('PUT', `/favorite/group/world/worlds1/${ids.alice}`, { cookie: bob, body: { displayName: 'Mine' } });
    expectError(r, 403, messages.favoriteGroupNotYours);
  });

  it('answers 404 for a group name the type does not have', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('GET', `/favorite/group/world/avatars1/${ids.bob}`, { cookie: bob }), 404, messages.favoriteGroupNotFound);
  });

  it('DELETE clears the group and leaves the others', async () => {
    const { t, bob, add, list } = await setup(friendsAndAvatars(1));
    await add({ type: 'avatar', favoriteId: avatars.questCat, tags: ['avatars4'] });
    await add({ type: 'avatar', favoriteId: extraAvatar(0), tags: ['avatars4'] });
    await add({ type: 'avatar', favoriteId: avatars.aliceFox, tags: ['avatars5'] });
    const r = await t.call('DELETE', `/favorite/group/avatar/avatars4/${ids.bob}`, { cookie: bob });
    expect(r.status).toBe(200);
    expect(await list('?tag=avatars4')).toEqual([]);
    expect((await list('?tag=avatars5')).map((f) => f.favoriteId)).toEqual([avatars.aliceFox]);
  });
});

describe('favorites across snapshot and restore', () => {
  it('keeps added favorites and renamed groups as they were at the snapshot', async () => {
    const { t, bob, add, list } = await setup();
    const kept = await add({ type: 'world', favoriteId: worlds.lobby, tags: ['worlds2'] });
    await t.call('PUT', `/favorite/group/world/worlds2/${ids.bob}`, { cookie: bob, body: { displayName: 'Lobbies' } });
    expect((await t.app.request('/_mock/snapshot', { method: 'POST' })).status).toBe(200);
    await add({ type: 'world', favoriteId: worlds.nightMarket, tags: ['worlds2'] });
    expect((await t.app.request('/_mock/restore', { method: 'POST' })).status).toBe(200);
    expect((await list('?tag=worlds2')).map((f) => f.id)).toEqual([kept.body.id]);
    const group = await t.call('GET', `/favorite/group/world/worlds2/${ids.bob}`, { cookie: bob });
    expect(group.body.displayName).toBe('Lobbies');
  });
});
