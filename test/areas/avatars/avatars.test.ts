import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { messages } from '../../../src/errors.js';
import { AvatarRecordSchema, AvatarSchema } from '../../../src/store/records/avatars.js';
import { avatarIds as avatars, expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';

/**
 * Fixture avatars. alice favorited all seven; five are public. Favorites per avatar (popularity):
 * Cozy Bear 3, Neon Robot 2, Pixel Knight 2, the rest 1.
 */
const AvatarList = z.array(AvatarSchema);

async function session(username = 'alice') {
  const t = testSandbox();
  const cookie = await t.login(username);
  const call = (query = '') => t.call('GET', `/avatars/favorites${query}`, { cookie });
  const names = async (query = '') => {
    const r = await call(query);
    expect(r.status).toBe(200);
    return expectShape(AvatarList, r.body).map((avatar) => avatar.name);
  };
  return { t, cookie, call, names };
}

describe('GET /avatars/favorites', () => {
  it("lists the requester's public favorites, most favorited first, each with its unityPackages", async () => {
    const { call } = await session();
    const r = await call();
    expect(r.status).toBe(200);
    const list = expectShape(AvatarList, r.body);
    expect(list.map((a) => a.name)).toEqual(['Cozy Bear', 'Neon Robot', 'Pixel Knight', 'Quest Cat', 'Alice Fox']);
    for (const avatar of list) expect(avatar.unityPackages.length).toBeGreaterThan(0);
    expect(r.body[0]).not.toHaveProperty('reportCount');
  });

  it('reverses the order with order=ascending', async () => {
    const { names } = await session();
    expect(await names('?order=ascending')).toEqual(['Alice Fox', 'Quest Cat', 'Pixel Knight', 'Neon Robot', 'Cozy Bear']);
  });

  describe('sort', () => {
    // Each sort, ascending, over alice's five public favorites.
    it.each([
      ['popularity', ['Alice Fox', 'Quest Cat', 'Pixel Knight', 'Neon Robot', 'Cozy Bear']],
      ['favorites', ['Alice Fox', 'Quest Cat', 'Pixel Knight', 'Neon Robot', 'Cozy Bear']],
      ['magic', ['Alice Fox', 'Quest Cat', 'Pixel Knight', 'Neon Robot', 'Cozy Bear']],
      ['relevance', ['Alice Fox', 'Quest Cat', 'Pixel Knight', 'Neon Robot', 'Cozy Bear']],
      ['heat', ['Alice Fox', 'Neon Robot', 'Pixel Knight', 'Quest Cat', 'Cozy Bear']],
      ['created', ['Neon Robot', 'Alice Fox', 'Pixel Knight', 'Cozy Bear', 'Quest Cat']],
      ['_created_at', ['Neon Robot', 'Alice Fox', 'Pixel Knight', 'Cozy Bear', 'Quest Cat']],
      ['updated', ['Neon Robot', 'Pixel Knight', 'Cozy Bear', 'Alice Fox', 'Quest Cat']],
      ['_updated_at', ['Neon Robot', 'Pixel Knight', 'Cozy Bear', 'Alice Fox', 'Quest Cat']],
      ['publicationDate', ['Alice Fox', 'Pixel Knight', 'Cozy Bear', 'Neon Robot', 'Quest Cat']],
      ['labsPublicationDate', ['Alice Fox', 'Pixel Knight', 'Cozy Bear', 'Neon Robot', 'Quest Cat']],
      ['name', ['Alice Fox', 'Cozy Bear', 'Neon Robot', 'Pixel Knight', 'Quest Cat']],
      ['order', ['Neon Robot', 'Cozy Bear', 'Alice Fox', 'Pixel Knight', 'Quest Cat']],
      ['reportCount', ['Alice Fox', 'Pixel Knight', 'Quest Cat', 'Cozy Bear', 'Neon Robot']],
      ['reportScore', ['Alice Fox', 'Pixel Knight', 'Quest Cat', 'Cozy Bear', 'Neon Robot']],
      ['trust', ['Pixel Knight', 'Cozy Bear', 'Alice Fox', 'Neon Robot', 'Quest Cat']],
    ])('%s orders as documented', async (sort, expected) => {
      const { names } = await session();
      expect(await names(`?sort=${sort}&order=ascending`)).toEqual(expected);
    });

    it('relevance puts names starting with the search text first', async () => {
      const { names } = await session();
      expect(await names('?sort=relevance&search=a')).toEqual(['Alice Fox', 'Cozy Bear', 'Quest Cat']);
      expect(await names('?sort=popularity&search=a')).toEqual(['Cozy Bear', 'Quest Cat', 'Alice Fox']);
    });

    it.each(['random', 'shuffle'])('%s gives one order per world, the same on every call', async (sort) => {
      const first = await (await session()).names(`?sort=${sort}`);
      const { names } = await session();
      expect(await names(`?sort=${sort}`)).toEqual(first);
      expect(await names(`?sort=${sort}`)).toEqual(first);
      expect([...first].sort()).toEqual(['Alice Fox', 'Cozy Bear', 'Neon Robot', 'Pixel Knight', 'Quest Cat']);
    });

    it('shuffle draws a new order from day to day (no write between the reads) while random keeps its own', async () => {
      const t = testSandbox();
      const names = async (sort: string, cookie: string) => {
        const r = await t.call('GET', `/avatars/favorites?sort=${sort}`, { cookie });
        return expectShape(AvatarList, r.body).map((avatar) => avatar.name);
      };
      const random = await names('random', await t.login('alice'));
      const orders = new Set<string>();
      for (let day = 0; day < 10; day++) {
        // A session lasts a day: log in again each day.
        const cookie = await t.login('alice');
        orders.add((await names('shuffle', cookie)).join());
        expect(await names('random', cookie)).toEqual(random);
        t.clock.advance(86_400_000);
      }
      expect(orders.size).toBeGreaterThan(1);
    });
  });

  describe('filters', () => {
    it.each([
      ['featured=true', ['Neon Robot', 'Pixel Knight']],
      ['featured=false', ['Alice Fox', 'Cozy Bear', 'Quest Cat']],
      ['search=BEAR', ['Cozy Bear']],
      ['tag=author_tag_robot,author_tag_bear', ['Cozy Bear', 'Neon Robot']],
      ['notag=author_tag_cute', ['Neon Robot', 'Pixel Knight']],
      ['tag=author_tag_cute&notag=author_tag_cat', ['Alice Fox', 'Cozy Bear']],
      ['releaseStatus=private', ['Secret Draft']],
      ['releaseStatus=hidden', ['Old Ghost']],
      ['releaseStatus=all', ['Alice Fox', 'Cozy Bear', 'Neon Robot', 'Old Ghost', 'Pixel Knight', 'Quest Cat', 'Secret Draft']],
      ['platform=ios', ['Cozy Bear', 'Quest Cat']],
      ['minUnityVersion=2022.3.10f1', ['Alice Fox', 'Pixel Knight', 'Quest Cat']],
      ['maxUnityVersion=2022.3.10f1', ['Cozy Bear', 'Neon Robot']],
      ['platform=android&maxUnityVersion=2022.3.10f1', ['Cozy Bear']],
      ['minUnityVersion=2019.4.31f1&maxUnityVersion=2019.4.31f1', ['Neon Robot']],
      ['maxUnityVersion=2019.4.31f1-DWR', ['Neon Robot']],
    ])('%s', async (query, expected) => {
      const { names } = await session();
      expect(await names(`?${query}&sort=name&order=ascending`)).toEqual(expected);
    });

    it('pages with n and offset', async () => {
      const { names } = await session();
      expect(await names('?sort=name&order=ascending&n=2&offset=1')).toEqual(['Cozy Bear', 'Neon Robot']);
      expect(await names('?offset=5')).toEqual([]);
    });

    it('returns at most 60 by default', async () => {
      const t = withBobFavorites(70);
      const cookie = await t.login('bob');
      const r = await t.call('GET', '/avatars/favorites', { cookie });
      expect(expectShape(AvatarList, r.body)).toHaveLength(60);
    });

    it('answers 100 favorites for n=100, the largest page, and the rest after them', async () => {
      const t = withBobFavorites(105);
      const cookie = await t.login('bob');
      const page = async (query: string) =>
        expectShape(AvatarList, (await t.call('GET', `/avatars/favorites?sort=name${query}`, { cookie })).body);
      const first = await page('&n=100');
      expect(first).toHaveLength(100);
      // The 105 added to the three public favorites bob has in the fixtures.
      const rest = await page('&n=100&offset=100');
      expect(rest).toHaveLength(8);
      expect(new Set([...first, ...rest].map((avatar) => avatar.id)).size).toBe(108);
    });

    it('answers one favorite for n=1, the smallest page, from offset 0', async () => {
      const { names } = await session();
      expect(await names('?sort=name&order=ascending&n=1&offset=0')).toEqual(['Alice Fox']);
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['n=0', 'n must be at least 1'],
      ['n=101', 'n must be at most 100'],
      ['n=ten', 'n must be an integer'],
      ['offset=-1', 'offset must be at least 0'],
      ['featured=yes', 'featured must be a boolean'],
      ['order=up', 'order must be one of ascending, descending'],
      ['releaseStatus=secret', 'releaseStatus must be one of all, hidden, private, public'],
      ['tag=', 'tag must be at least 1 characters long'],
      ['notag=,', 'notag must name at least one value'],
      ['minUnityVersion=banana', 'minUnityVersion must be a Unity version such as 2022.3.22f1'],
      ['maxUnityVersion=', 'maxUnityVersion must be a Unity version such as 2022.3.22f1'],
      ['platform=', 'platform must be at least 1 characters long'],
      ['userId=bob', 'userId must be usr_ followed by a UUID (usr_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)'],
    ])('%s is a 400 naming the parameter', async (query, message) => {
      const { call } = await session();
      expectError(await call(`?${query}`), 400, message);
    });

    it('answers 400 for an unknown sort', async () => {
      const { call } = await session();
      const r = await call('?sort=coolness');
      expectError(r, 400);
      expect(r.body.error.message).toMatch(/^sort must be one of _created_at, _updated_at, created, favorites/);
    });
  });

  describe('userId', () => {
    it("refuses another user's favorites to a non-admin", async () => {
      const { call } = await session();
      expectError(await call(`?userId=${ids.bob}`), 403, messages.avatarFavoritesOfOthers);
    });

    it("accepts the requester's own id", async () => {
      const { names } = await session();
      expect(await names(`?userId=${ids.alice}`)).toHaveLength(5);
    });

    it("shows an admin the named user's favorites", async () => {
      const { names } = await session('admin');
      expect(await names(`?userId=${ids.bob}&sort=name&order=ascending`)).toEqual(['Cozy Bear', 'Neon Robot', 'Pixel Knight']);
      expect(await names()).toEqual(['Cozy Bear']);
    });
  });

  it('is empty for a user without favorites', async () => {
    const t = testSandbox((data) => {
      data.avatarFavorites = data.avatarFavorites.filter((favorite) => favorite.userId !== ids.bob);
    });
    const cookie = await t.login('bob');
    const r = await t.call('GET', '/avatars/favorites', { cookie });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/avatars/favorites'), 401, 'Missing Credentials');
  });
});

describe('GET /avatars/{avatarId}', () => {
  it("returns alice's current avatar with its unityPackages", async () => {
    const { t, cookie } = await session('bob');
    const r = await t.call('GET', `/avatars/${avatars.aliceFox}`, { cookie });
    const avatar = expectShape(AvatarSchema, r.body);
    expect(avatar).toMatchObject({ id: avatars.aliceFox, authorId: ids.alice, name: 'Alice Fox' });
    expect(avatar.unityPackages.map((p) => p.platform)).toEqual(['standalonewindows', 'android']);
  });

  it("answers 404 for another author's private avatar", async () => {
    const { t, cookie } = await session('bob');
    expectError(await t.call('GET', `/avatars/${avatars.secretDraft}`, { cookie }), 404, messages.avatarNotFound);
  });

  it('shows the author their private avatar', async () => {
    const { t, cookie } = await session();
    const r = await t.call('GET', `/avatars/${avatars.secretDraft}`, { cookie });
    expect(expectShape(AvatarSchema, r.body).releaseStatus).toBe('private');
  });

  it("answers 404 for another author's hidden avatar", async () => {
    const { t, cookie } = await session('alice');
    expectError(await t.call('GET', `/avatars/${avatars.oldGhost}`, { cookie }), 404, messages.avatarNotFound);
  });

  it('shows the author their hidden avatar', async () => {
    const { t, cookie } = await session('bob');
    const r = await t.call('GET', `/avatars/${avatars.oldGhost}`, { cookie });
    expect(expectShape(AvatarSchema, r.body).releaseStatus).toBe('hidden');
  });

  it("refuses wearing another author's hidden avatar with 403 and keeps the current one", async () => {
    const { t, cookie } = await session('alice');
    const before = (await t.call('GET', '/auth/user', { cookie })).body.currentAvatar;
    expectError(await t.call('PUT', `/avatars/${avatars.oldGhost}/select`, { cookie }), 403, messages.avatarPrivateOfOther);
    expect((await t.call('GET', '/auth/user', { cookie })).body.currentAvatar).toBe(before);
  });
});

/** A public avatar by bob with one default package. */
/** The default world plus `count` public avatars of bob's that bob has favorited. */
function withBobFavorites(count: number) {
  return testSandbox((data) => {
    for (let i = 0; i < count; i++) {
      const id = `avtr_00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
      const unityPackages = [{ id: `unp_00000000-0000-4000-8000-${(0xf000 + i).toString(16).padStart(12, '0')}` }];
      data.avatars.push(bulkAvatar(id, unityPackages));
      data.avatarFavorites.push({ userId: ids.bob, avatarId: id, created_at: '2026-01-01T00:00:00.000Z' });
    }
  });
}

function bulkAvatar(id: string, unityPackages: { id: string }[]) {
  return AvatarRecordSchema.parse({ id, authorId: ids.bob, authorName: 'Bob', name: `Bulk ${id.slice(-4)}`, unityPackages });
}
