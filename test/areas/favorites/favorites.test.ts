import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { messages } from '../../../src/errors.js';
import { FAVORITE_LIMITS } from '../../../src/store/records/favorite-limits.js';
import { FavoriteLimitsSchema, FavoriteSchema } from '../../../src/store/records/favorites.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { worlds } from '../../support/worlds-fixture-ids.js';
import { avatars, extraAvatar, friendsAndAvatars, setup } from '../../support/favorites-fixtures.js';

describe('POST /favorites', () => {
  it('adds an avatar favorite that GET /favorites and GET /avatars/favorites both list', async () => {
    const { t, bob, add, list } = await setup();
    const r = await add({ type: 'avatar', favoriteId: avatars.questCat, tags: ['avatars2'] });
    expect(r.status).toBe(200);
    const favorite = expectShape(FavoriteSchema, r.body);
    expect(favorite).toMatchObject({ type: 'avatar', favoriteId: avatars.questCat, tags: ['avatars2'] });
    expect((await list('?type=avatar')).map((f) => f.id)).toContain(favorite.id);
    const byAvatars = await t.call('GET', '/avatars/favorites?n=100', { cookie: bob });
    expect(byAvatars.body.map((a: { id: string }) => a.id)).toContain(avatars.questCat);
  });

  it('adds a world favorite that GET /worlds/favorites lists with its group', async () => {
    const { t, bob, add } = await setup();
    const r = await add({ type: 'world', favoriteId: worlds.lobby, tags: ['worlds3'] });
    expect(r.status).toBe(200);
    const favorited = await t.call('GET', '/worlds/favorites', { cookie: bob });
    expect(favorited.status).toBe(200);
    // bob's fixture favorite of alice's world (vrcPlusWorlds1) is older: the newest favorite comes first
    expect(favorited.body.map((w: { id: string }) => w.id)).toEqual([worlds.lobby, worlds.aliceHome]);
    expect(favorited.body[0]).toMatchObject({ favoriteGroup: 'worlds3', favoriteId: r.body.id });
  });

  it('counts a world favorite on the world', async () => {
    const { t, bob, add } = await setup();
    const before = (await t.call('GET', `/worlds/${worlds.lobby}`, { cookie: bob })).body.favorites;
    await add({ type: 'world', favoriteId: worlds.lobby, tags: ['worlds1'] });
    expect((await t.call('GET', `/worlds/${worlds.lobby}`, { cookie: bob })).body.favorites).toBe(before + 1);
  });

  it('adds a friend favorite of a friend', async () => {
    const { add, list } = await setup();
    const r = await add({ type: 'friend', favoriteId: ids.alice, tags: ['group_0'] });
    expect(r.status).toBe(200);
    expect(await list('?type=friend')).toEqual([r.body]);
  });

  it('drops the friend favorites of both sides when the friendship ends', async () => {
    const { t, bob, add, list } = await setup();
    const alice = await t.login('alice');
    expect((await add({ type: 'friend', favoriteId: ids.alice, tags: ['group_0'] })).status).toBe(200);
    expect((await add({ type: 'friend', favoriteId: ids.bob, tags: ['group_1'] }, alice)).status).toBe(200);
    expect((await t.call('DELETE', `/auth/user/friends/${ids.alice}`, { cookie: bob })).status).toBe(200);
    expect(await list('?type=friend')).toEqual([]);
    expect(await list('?type=friend', alice)).toEqual([]);
  });

  it('refuses a friend favorite of someone who is not a friend with 403', async () => {
    const { add, list } = await setup();
    expectError(await add({ type: 'friend', favoriteId: ids.carol, tags: ['group_0'] }), 403, messages.favoriteNotFriends);
    expect(await list('?type=friend')).toEqual([]);
  });

  it('refuses a second favorite of the same thing with 400', async () => {
    const { add, list } = await setup();
    expect((await add({ type: 'avatar', favoriteId: avatars.questCat, tags: ['avatars1'] })).status).toBe(200);
    const again = await add({ type: 'avatar', favoriteId: avatars.questCat, tags: ['avatars2'] });
    expectError(again, 400, 'You already have that avatar favorited');
    expect((await list('?type=avatar')).filter((f) => f.favoriteId === avatars.questCat)).toHaveLength(1);
  });

  it('refuses a group name not of the type with 400', async () => {
    const { add } = await setup();
    expectError(
      await add({ type: 'avatar', favoriteId: avatars.questCat, tags: ['worlds1'] }),
      400,
      messages.favoriteUnknownGroup('worlds1', 'avatar'),
    );
  });

  it('refuses a favoriteId that is not an id with 400', async () => {
    const { add } = await setup();
    expectError(await add({ type: 'world', favoriteId: 'worlds1', tags: ['worlds1'] }), 400, "favoriteId must be an ID: 'worlds1'");
  });

  it('answers 404 for a world that does not exist', async () => {
    const { add } = await setup();
    const missing = 'wrld_0000000f-0000-4000-8000-000000000000';
    expectError(await add({ type: 'world', favoriteId: missing, tags: ['worlds1'] }), 404, messages.worldNotFound(missing));
  });

  it("answers 404 for someone else's private avatar", async () => {
    const { add } = await setup();
    expectError(await add({ type: 'avatar', favoriteId: avatars.secretDraft, tags: ['avatars1'] }), 404, messages.avatarNotFound);
  });

  it('names a missing type or tags with 400', async () => {
    const { add } = await setup();
    expectError(await add({ favoriteId: avatars.questCat }), 400, 'type is required, tags is required');
    expectError(
      await add({ type: 'hat', favoriteId: avatars.questCat, tags: ['x'] }),
      400,
      'type must be one of avatar, friend, vrcPlusWorld, world',
    );
  });
});

describe('favorite group limits', () => {
  const limit = FAVORITE_LIMITS.maxFavoritesPerGroup.avatar;

  it(`accepts the ${limit}th avatar of a group and refuses the next with the real message`, async () => {
    const { add, list } = await setup(friendsAndAvatars(limit + 1));
    for (let i = 0; i < limit; i++)
      expect((await add({ type: 'avatar', favoriteId: extraAvatar(i), tags: ['avatars6'] })).status).toBe(200);
    const over = await add({ type: 'avatar', favoriteId: extraAvatar(limit), tags: ['avatars6'] });
    expectError(over, 400, `You already have ${limit} favorite avatars in group 'avatars6'`);
    expect(await list('?tag=avatars6&n=100')).toHaveLength(limit);
    // Another group still has room.
    expect((await add({ type: 'avatar', favoriteId: extraAvatar(limit), tags: ['avatars5'] })).status).toBe(200);
  });

  it('lets exactly the room left in a group through when 50 adds arrive at once', async () => {
    const { add, list } = await setup(friendsAndAvatars(limit + 40));
    for (let i = 0; i < limit - 10; i++) await add({ type: 'avatar', favoriteId: extraAvatar(i), tags: ['avatars6'] });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, k) => add({ type: 'avatar', favoriteId: extraAvatar(limit - 10 + k), tags: ['avatars6'] })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of replies.filter((r) => r.status !== 200))
      expectError(r, 400, `You already have ${limit} favorite avatars in group 'avatars6'`);
    expect(await list('?tag=avatars6&n=100')).toHaveLength(limit);
  });

  it('lets one of 50 parallel adds of the same avatar through', async () => {
    const { add, list } = await setup();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => add({ type: 'avatar', favoriteId: avatars.aliceFox, tags: ['avatars3'] })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await list('?tag=avatars3')).map((f) => f.favoriteId)).toEqual([avatars.aliceFox]);
  });

  it('GET /auth/user/favoritelimits reports the limits the adds hold to', async () => {
    const { t, bob } = await setup();
    const r = await t.call('GET', '/auth/user/favoritelimits', { cookie: bob });
    expect(r.status).toBe(200);
    expect(expectShape(FavoriteLimitsSchema, r.body)).toEqual({
      defaultMaxFavoriteGroups: 4,
      defaultMaxFavoritesPerGroup: 25,
      maxFavoriteGroups: { avatar: 6, friend: 3, vrcPlusWorld: 4, world: 4 },
      maxFavoritesPerGroup: { avatar: 50, friend: 150, vrcPlusWorld: 100, world: 100 },
    });
  });
});

describe('GET /favorites', () => {
  it("lists alice's fixture favorites of every type, oldest first within each collection", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('GET', '/favorites?n=100', { cookie: alice });
    const all = expectShape(z.array(FavoriteSchema), r.body);
    expect(all.filter((f) => f.type === 'world').map((f) => f.favoriteId)).toEqual([worlds.nightMarket, worlds.lobby]);
    expect(all.filter((f) => f.type === 'avatar').length).toBeGreaterThan(0);
  });

  it('pages with n and offset', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const all = (await t.call('GET', '/favorites?n=100', { cookie: alice })).body;
    const page = (await t.call('GET', '/favorites?n=2&offset=1', { cookie: alice })).body;
    expect(page).toEqual(all.slice(1, 3));
  });

  it('filters by tag, any of several', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('GET', '/favorites?tag=worlds1,group_2', { cookie: alice });
    expect(r.body.map((f: { favoriteId: string }) => f.favoriteId)).toEqual([worlds.nightMarket, worlds.lobby]);
  });

  it('names an out-of-range n, offset or type with 400', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', '/favorites?n=101', { cookie: alice }), 400, 'n must be at most 100');
    expectError(await t.call('GET', '/favorites?offset=-1', { cookie: alice }), 400, 'offset must be at least 0');
    expectError(
      await t.call('GET', '/favorites?type=hat', { cookie: alice }),
      400,
      'type must be one of avatar, friend, vrcPlusWorld, world',
    );
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/favorites'), 401, messages.missingCredentials);
  });
});

describe('DELETE /favorites/{favoriteId}', () => {
  it('removes a favorite by its id from every list', async () => {
    const { t, bob, add, list } = await setup();
    const { body } = await add({ type: 'world', favoriteId: worlds.lobby, tags: ['worlds1'] });
    const r = await t.call('DELETE', `/favorites/${body.id}`, { cookie: bob });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: { message: 'favorite deleted!', status_code: 200 } });
    expect((await list()).map((f) => f.id)).not.toContain(body.id);
    expect((await t.call('GET', '/worlds/favorites', { cookie: bob })).body.map((w: { id: string }) => w.id)).toEqual([worlds.aliceHome]);
  });

  it('removes a favorite by the id of what it points at, as clients send it', async () => {
    const { t, bob, add, list } = await setup();
    await add({ type: 'avatar', favoriteId: avatars.questCat, tags: ['avatars1'] });
    expect((await t.call('DELETE', `/favorites/${avatars.questCat}`, { cookie: bob })).status).toBe(200);
    expect((await list('?type=avatar')).map((f) => f.favoriteId)).not.toContain(avatars.questCat);
  });

  it("answers 400 for a favorite id that is not the requester's, as live", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('DELETE', '/favorites/fvrt_a11ce000-0000-4000-8000-0000000000f1', { cookie: bob }),
      400,
      messages.favoriteNotFound,
    );
    const alice = await t.login('alice');
    const left = await t.call('GET', '/favorites?type=world', { cookie: alice });
    expect(left.body.map((f: { id: string }) => f.id)).toContain('fvrt_a11ce000-0000-4000-8000-0000000000f1');
  });

  it('answers 404 for the id of a thing the requester has not favorited, as live', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('DELETE', `/favorites/avtr_00000000-0000-4000-8000-000000000000`, { cookie: bob }),
      404,
      messages.favoriteNotFound,
    );
  });
});
