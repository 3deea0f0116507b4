import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { messages } from '../../../src/errors.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { expectError, ids as users, testSandbox } from '../../support/helpers.js';
import { locations, worlds } from '../../support/worlds-fixture-ids.js';

/** What every LimitedWorld must carry (the OpenAPI's required fields). */
const LimitedWorld = z.object({
  authorId: z.string(),
  authorName: z.string().min(1),
  capacity: z.number().int(),
  created_at: z.iso.datetime(),
  favorites: z.number().int().min(0),
  heat: z.number().int().min(0),
  id: z.string(),
  imageUrl: z.string().min(1),
  labsPublicationDate: z.string().min(1),
  name: z.string().min(1),
  occupants: z.number().int().min(0),
  organization: z.string().min(1),
  popularity: z.number().int().min(0),
  publicationDate: z.string().min(1),
  releaseStatus: z.enum(['public', 'private', 'hidden']),
  tags: z.array(z.string().min(1)),
  thumbnailImageUrl: z.string().min(1),
  unityPackages: z.array(z.object({ created_at: z.iso.datetime(), platform: z.string(), unityVersion: z.string().min(1) })).min(1),
  updated_at: z.iso.datetime(),
});

async function lister(tweak?: (data: SandboxData) => void, user = 'bob') {
  const t = testSandbox(tweak);
  const cookie = await t.login(user);
  const ids = async (path: string) => {
    const r = await t.call('GET', path, { cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const world of r.body) LimitedWorld.parse(world);
    return r.body.map((w: { id: string }) => w.id) as string[];
  };
  return { t, cookie, ids };
}

describe('GET /worlds', () => {
  it('lists public worlds by popularity, most popular first', async () => {
    const { ids } = await lister();
    // The Lobby 9, Avatar Market 8, Night Market 6, Alice's Workshop 3 (carol's garden is private, alice's sandbox hidden)
    expect(await ids('/worlds')).toEqual([worlds.lobby, worlds.avatarMarket, worlds.nightMarket, worlds.aliceHome]);
  });

  it('searches name words by their start, case-insensitively', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds?search=mark')).toEqual([worlds.avatarMarket, worlds.nightMarket]);
    expect(await ids('/worlds?search=NIGHT%20mar')).toEqual([worlds.nightMarket]);
    expect(await ids('/worlds?search=arket')).toEqual([]);
  });

  it('searches name, author and tags anywhere with fuzzy=true', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds?search=arket&fuzzy=true')).toEqual([worlds.avatarMarket, worlds.nightMarket]);
    expect(await ids('/worlds?search=alice&fuzzy=true')).toEqual([worlds.aliceHome]);
  });

  it('finds a renamed world by its new name only', async () => {
    const { t, ids } = await lister();
    const alice = await t.login('alice');
    expect((await t.call('PUT', `/worlds/${worlds.aliceHome}`, { cookie: alice, body: { name: 'Glass Observatory' } })).status).toBe(200);
    expect(await ids('/worlds?search=observatory')).toEqual([worlds.aliceHome]);
    expect(await ids('/worlds?search=workshop')).toEqual([]);
  });

  it('filters by featured, tag and notag', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds?featured=true')).toEqual([worlds.lobby]);
    expect(await ids('/worlds?tag=author_tag_night,author_tag_social')).toEqual([worlds.lobby, worlds.nightMarket]);
    expect(await ids('/worlds?notag=author_tag_market')).toEqual([worlds.lobby, worlds.aliceHome]);
  });

  it('filters by platform, noplatform and Unity versions', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds?platform=ios')).toEqual([worlds.lobby, worlds.avatarMarket]);
    expect(await ids('/worlds?noplatform=standalonewindows')).toEqual([worlds.avatarMarket]);
    expect(await ids('/worlds?maxUnityVersion=2020.1.0f1')).toEqual([worlds.avatarMarket]);
    expect(await ids('/worlds?minUnityVersion=2022.3.0f1&platform=android')).toEqual([worlds.lobby, worlds.aliceHome]);
  });

  it('filters avatar worlds with avatarSpecific', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds?avatarSpecific=true')).toEqual([worlds.avatarMarket]);
  });

  it("lists one author's public worlds with userId, and all of one's own with user=me", async () => {
    const { t, ids } = await lister();
    expect(await ids(`/worlds?userId=${users.alice}`)).toEqual([worlds.aliceHome]);
    const alice = await t.login('alice');
    const own = await t.call('GET', '/worlds?user=me&sort=name&order=ascending', { cookie: alice });
    expect(own.body.map((w: { id: string }) => w.id)).toEqual([worlds.aliceSandbox, worlds.aliceHome]);
  });

  it('filters by releaseStatus, showing only what the requester may see', async () => {
    const { t, ids } = await lister();
    expect(await ids('/worlds?releaseStatus=private')).toEqual([]);
    const admin = await t.login('admin');
    const all = await t.call('GET', '/worlds?releaseStatus=all&n=100', { cookie: admin });
    expect(all.body).toHaveLength(6);
  });

  it('sorts by name, created, updated, heat and favorites, either way', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds?sort=name&order=ascending')).toEqual([
      worlds.aliceHome,
      worlds.avatarMarket,
      worlds.nightMarket,
      worlds.lobby,
    ]);
    const byCreated = await ids('/worlds?sort=created');
    expect(byCreated).toEqual([...(await ids('/worlds?sort=_created_at&order=ascending'))].reverse());
    expect(await ids('/worlds?sort=favorites&n=1')).toEqual([worlds.lobby]);
    expect((await ids('/worlds?sort=heat')).length).toBe(4);
    expect((await ids('/worlds?sort=updated')).length).toBe(4);
  });

  it('puts names starting with the search first under relevance', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds?search=market&sort=relevance')).toEqual([worlds.avatarMarket, worlds.nightMarket]);
  });

  it('pages with n and offset', async () => {
    const { ids } = await lister();
    const all = await ids('/worlds');
    expect(await ids('/worlds?n=2&offset=1')).toEqual(all.slice(1, 3));
  });

  it('answers random in one fixed order', async () => {
    const { ids } = await lister();
    const first = await ids('/worlds?sort=random');
    expect(first).toHaveLength(4);
    expect(await ids('/worlds?sort=random&n=4')).toEqual(first);
  });

  it('names each out-of-range value with 400', async () => {
    const { t, cookie } = await lister();
    const cases: [string, string][] = [
      ['n=0', 'n must be at least 1'],
      ['n=101', 'n must be at most 100'],
      ['offset=-1', 'offset must be at least 0'],
      ['sort=best', 'sort must be one of'],
      ['order=up', 'order must be one of ascending, descending'],
      ['user=you', 'user must be one of me'],
      ['userId=bob', 'userId must be usr_ followed by a UUID (usr_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)'],
      ['userId=usr_x', 'userId must be usr_ followed by a UUID (usr_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)'],
      ['featured=yes', 'featured must be a boolean'],
      ['fuzzy=1', 'fuzzy must be a boolean'],
      ['releaseStatus=draft', 'releaseStatus must be one of all, hidden, private, public'],
      ['platform=switch', 'platform must be one of android, ios, standalonewindows'],
      ['noplatform=switch', 'noplatform must be one of android, ios, standalonewindows'],
      ['maxUnityVersion=new', 'maxUnityVersion must be a Unity version such as 2022.3.22f1'],
      ['minUnityVersion=old', 'minUnityVersion must be a Unity version such as 2022.3.22f1'],
      ['tag=', 'tag must be at least 1 characters long'],
      ['avatarSpecific=maybe', 'avatarSpecific must be a boolean'],
    ];
    for (const [query, message] of cases) {
      const r = await t.call('GET', `/worlds?${query}`, { cookie });
      expect(r.status, query).toBe(400);
      expect(r.body.error.message, query).toContain(message);
    }
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/worlds'), 401, messages.missingCredentials);
  });
});

describe('GET /worlds/active', () => {
  it('lists worlds with people in them, fullest first, with their occupants', async () => {
    const { t, cookie, ids } = await lister();
    expect(await ids('/worlds/active')).toEqual([worlds.lobby, worlds.aliceHome]);
    const r = await t.call('GET', '/worlds/active', { cookie });
    expect(r.body.map((w: { occupants: number }) => w.occupants)).toEqual([2, 2]);
  });

  it('drops a world once nobody is in it', async () => {
    const { ids } = await lister((data) => {
      for (const instance of data.instances) if (instance.worldId === worlds.lobby) instance.userIds = [];
    });
    expect(await ids('/worlds/active')).toEqual([worlds.aliceHome]);
  });
});

describe('GET /worlds/recent', () => {
  const visited = (data: SandboxData) => {
    data.users.find((u) => u.id === users.bob)!.recentWorldIds = [worlds.nightMarket, worlds.quietGarden, worlds.lobby, worlds.aliceHome];
  };

  it("lists the requester's visits, latest first, without worlds they may not see", async () => {
    const { ids } = await lister(visited);
    expect(await ids('/worlds/recent')).toEqual([worlds.nightMarket, worlds.lobby, worlds.aliceHome]);
  });

  it('takes the same filters and sorts as search', async () => {
    const { ids } = await lister(visited);
    expect(await ids('/worlds/recent?platform=android')).toEqual([worlds.lobby, worlds.aliceHome]);
    expect(await ids('/worlds/recent?sort=name&order=ascending&n=2')).toEqual([worlds.aliceHome, worlds.nightMarket]);
  });

  it('shows a visit as soon as the user enters an instance', async () => {
    const { t, ids } = await lister(visited);
    const moved = await t.app.request(`/_mock/users/${users.bob}/presence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'online', location: locations.lobbyPublic }),
    });
    expect(moved.status).toBe(200);
    expect(await ids('/worlds/recent')).toEqual([worlds.lobby, worlds.nightMarket, worlds.aliceHome]);
  });

  it('is empty for a user who went nowhere', async () => {
    const { ids } = await lister();
    expect(await ids('/worlds/recent')).toEqual([]);
  });

  it("refuses another user's list to a non-admin with 403", async () => {
    const { t, cookie } = await lister(visited);
    expectError(await t.call('GET', `/worlds/recent?userId=${users.alice}`, { cookie }), 403, messages.worldFavoritesOfOthers);
  });

  it("shows an admin another user's list", async () => {
    const { ids } = await lister(visited, 'admin');
    expect(await ids(`/worlds/recent?userId=${users.bob}`)).toEqual([
      worlds.nightMarket,
      worlds.quietGarden,
      worlds.lobby,
      worlds.aliceHome,
    ]);
  });
});

describe('GET /worlds/favorites', () => {
  it("lists alice's fixture world favorites with their group, the latest favorite first", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('GET', '/worlds/favorites', { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body.map((w: { id: string; favoriteGroup: string }) => [w.id, w.favoriteGroup])).toEqual([
      [worlds.lobby, 'worlds1'],
      [worlds.nightMarket, 'worlds1'],
    ]);
  });

  it("refuses another user's favorites to a non-admin with the real message", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(await t.call('GET', `/worlds/favorites?userId=${users.alice}`, { cookie: bob }), 403, messages.worldFavoritesOfOthers);
  });

  it('shows a world deleted since favoriting nowhere', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    expect((await t.call('DELETE', `/worlds/${worlds.nightMarket}`, { cookie: bob })).status).toBe(200);
    const r = await t.call('GET', '/worlds/favorites', { cookie: alice });
    expect(r.body.map((w: { id: string }) => w.id)).toEqual([worlds.lobby]);
  });
});

describe('occupants follow the instances', () => {
  it("counts who is in a world's instances on search results", async () => {
    const { t, cookie } = await lister();
    const r = await t.call('GET', '/worlds?search=lobby', { cookie });
    expect(r.body[0]).toMatchObject({ id: worlds.lobby, occupants: 2 });
  });
});
