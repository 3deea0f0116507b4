import { describe, expect, it } from 'vitest';
import { avatarIds, ids, testSandbox, type TestSandbox } from '../../support/helpers.js';

const aliceInstance =
  'wrld_a11ce000-0000-4000-8000-00000000b001:48213~hidden(usr_a11ce000-0000-4000-8000-000000000001)~region(eu)~nonce(a11ce000-0000-4000-8000-0000000000c1)';

interface Look {
  currentAvatarImageUrl: string;
  currentAvatarThumbnailImageUrl: string;
  currentAvatarTags: string[];
}

async function lookOf(t: TestSandbox, cookie: string, avatarId: string): Promise<Look> {
  const avatar = (await t.call('GET', `/avatars/${avatarId}`, { cookie })).body;
  return {
    currentAvatarImageUrl: avatar.imageUrl,
    currentAvatarThumbnailImageUrl: avatar.thumbnailImageUrl,
    currentAvatarTags: avatar.tags,
  };
}

/** Alice as she appears in each place that shows her, to bob (her friend) and to herself. */
async function aliceEverywhere(t: TestSandbox, alice: string, bob: string) {
  const friends = (await t.call('GET', '/auth/user/friends', { cookie: bob })).body;
  const instance = (await t.call('GET', `/instances/${aliceInstance}`, { cookie: bob })).body;
  return {
    currentUser: (await t.call('GET', '/auth/user', { cookie: alice })).body,
    byId: (await t.call('GET', `/users/${ids.alice}`, { cookie: bob })).body,
    friendList: friends.find((f: { id: string }) => f.id === ids.alice),
    search: (await t.call('GET', '/users?search=alice', { cookie: bob })).body[0],
    instanceUser: instance.users.find((u: { id: string }) => u.id === ids.alice),
    mutualFriend: (await t.call('GET', `/users/${ids.frank}/mutuals/friends`, { cookie: bob })).body.find(
      (f: { id: string }) => f.id === ids.alice,
    ),
  };
}

function expectLook(places: Record<string, Look>, look: Look) {
  for (const [place, user] of Object.entries(places)) {
    const seen = {
      currentAvatarImageUrl: user.currentAvatarImageUrl,
      currentAvatarThumbnailImageUrl: user.currentAvatarThumbnailImageUrl,
      currentAvatarTags: user.currentAvatarTags,
    };
    expect({ place, ...seen }).toEqual({ place, ...look });
  }
}

describe("a user's currentAvatar fields", () => {
  it('are those of the avatar in currentAvatar wherever the user appears', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    const fox = await lookOf(t, alice, avatarIds.aliceFox);
    expect(fox.currentAvatarImageUrl).not.toBe('');
    expectLook(await aliceEverywhere(t, alice, bob), fox);
  });

  it('follow PUT /avatars/{id}/select on the next read', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    await t.call('GET', '/auth/user', { cookie: alice });
    expect((await t.call('PUT', `/avatars/${avatarIds.cozyBear}/select`, { cookie: alice })).status).toBe(200);
    expectLook(await aliceEverywhere(t, alice, bob), await lookOf(t, alice, avatarIds.cozyBear));
  });

  it("follow an edit of the worn avatar's image", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const bob = await t.login('bob');
    const imageUrl = 'https://assets.example.test/avatars/alice-fox-v2.png';
    expect((await t.call('PUT', `/avatars/${avatarIds.aliceFox}`, { cookie: alice, body: { imageUrl } })).status).toBe(200);
    const seen = await t.call('GET', `/users/${ids.alice}`, { cookie: bob });
    expect(seen.body.currentAvatarImageUrl).toBe(imageUrl);
    expect((await t.call('GET', '/auth/user', { cookie: alice })).body.currentAvatarImageUrl).toBe(imageUrl);
  });
});
