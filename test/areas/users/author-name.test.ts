import { describe, expect, it } from 'vitest';
import { avatarIds, ids, passwords, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { worlds } from '../../support/worlds-fixture-ids.js';

const aliceInstance = `${worlds.aliceHome}:48213~hidden(usr_a11ce000-0000-4000-8000-000000000001)~region(eu)~nonce(a11ce000-0000-4000-8000-0000000000c1)`;

const byId = (list: { id: string; authorName: string }[], id: string) => list.find((entry) => entry.id === id)?.authorName;

/** The authorName of alice's avatar and world in each view that shows them. */
async function authorNamesSeen(t: TestSandbox, alice: string, bob: string) {
  return {
    avatar: (await t.call('GET', `/avatars/${avatarIds.aliceFox}`, { cookie: bob })).body.authorName,
    ownAvatars: byId((await t.call('GET', '/avatars?user=me&releaseStatus=all', { cookie: alice })).body, avatarIds.aliceFox),
    wornAvatar: (await t.call('GET', `/users/${ids.alice}/avatar`, { cookie: alice })).body.authorName,
    world: (await t.call('GET', `/worlds/${worlds.aliceHome}`, { cookie: bob })).body.authorName,
    worldSearch: byId((await t.call('GET', '/worlds?search=Workshop', { cookie: bob })).body, worlds.aliceHome),
    ownWorlds: byId((await t.call('GET', '/worlds?user=me&releaseStatus=all', { cookie: alice })).body, worlds.aliceHome),
    favoriteWorlds: byId((await t.call('GET', '/worlds/favorites', { cookie: bob })).body, worlds.aliceHome),
    instanceWorld: (await t.call('GET', `/instances/${aliceInstance}`, { cookie: bob })).body.world.authorName,
  };
}

describe("the authorName of a user's avatars and worlds", () => {
  it("is the author's display name in every view", async () => {
    const t = testSandbox();
    const seen = await authorNamesSeen(t, await t.login('alice'), await t.login('bob'));
    for (const name of Object.values(seen)) expect(name).toBe('Alice');
  });

  it('follows a display-name change on the next read everywhere', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    await authorNamesSeen(t, alice, bob);
    const renamed = await t.call('PUT', `/users/${ids.alice}`, {
      cookie: alice,
      body: { displayName: 'Alicia', currentPassword: passwords.alice },
    });
    expect(renamed.status).toBe(200);
    const seen = await authorNamesSeen(t, alice, bob);
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((view) => [view, 'Alicia'])));
  });

  it('is what a fuzzy world search matches', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    await t.call('PUT', `/users/${ids.alice}`, { cookie: alice, body: { displayName: 'Alicia', currentPassword: passwords.alice } });
    const found = (await t.call('GET', '/worlds?search=alicia&fuzzy=true', { cookie: alice })).body.map((w: { id: string }) => w.id);
    expect(found).toContain(worlds.aliceHome);
  });
});
