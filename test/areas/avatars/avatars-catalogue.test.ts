import { Faker, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { messages } from '../../../src/errors.js';
import type { PipelineEvent } from '../../../src/store/pipeline-bus.js';
import { AvatarSchema } from '../../../src/store/records/avatars.js';
import { CurrentUserSchema } from '../../../src/store/records/user.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { planAvatars } from '../../../src/store/generators/avatars.js';
import { avatarIds as avatars, expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';

async function session(username = 'alice', tweak?: (data: SandboxData) => void) {
  const t = testSandbox(tweak);
  const cookie = await t.login(username);
  const names = async (path: string) => {
    const r = await t.call('GET', path, { cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return expectShape(z.array(AvatarSchema), r.body).map((a) => a.name);
  };
  return { t, cookie, names };
}

describe('GET /avatars', () => {
  it('lists public avatars, most favorited first', async () => {
    const { names } = await session();
    expect(await names('/avatars')).toEqual(['Cozy Bear', 'Neon Robot', 'Pixel Knight', 'Quest Cat', 'Alice Fox']);
  });

  it("lists the requester's own avatars with user=me, private ones included", async () => {
    const { names } = await session();
    expect(await names('/avatars?user=me&sort=name&order=ascending')).toEqual(['Alice Fox', 'Secret Draft']);
  });

  it("lists another author's public ones with userId", async () => {
    const { names } = await session();
    expect(await names(`/avatars?userId=${ids.bob}&sort=name&order=ascending`)).toEqual(['Neon Robot', 'Quest Cat']);
  });

  it('searches names and takes the filters of the favorites list', async () => {
    const { names } = await session();
    expect(await names('/avatars?search=o')).toEqual(['Cozy Bear', 'Neon Robot', 'Alice Fox']);
    expect(await names('/avatars?featured=true&sort=name&order=ascending')).toEqual(['Neon Robot', 'Pixel Knight']);
    expect(await names('/avatars?platform=ios&sort=name&order=ascending')).toEqual(['Cozy Bear', 'Quest Cat']);
    expect(await names('/avatars?maxUnityVersion=2020.1.1f1')).toEqual(['Neon Robot']);
  });

  it('names an out-of-range value with 400', async () => {
    const { t, cookie } = await session();
    expectError(await t.call('GET', '/avatars?user=them', { cookie }), 400, 'user must be one of me');
    expectError(await t.call('GET', '/avatars?n=0', { cookie }), 400, 'n must be at least 1');
  });

  it('finds generated avatars by name and by author without making the rest', async () => {
    const { t, cookie } = await session('alice', (data) => planAvatars(new Faker({ locale: [en], seed: 9 }), data, 5000));
    const byName = await t.call('GET', '/avatars?search=cat&n=100&releaseStatus=all', { cookie });
    expect(byName.status).toBe(200);
    for (const avatar of byName.body) expect(avatar.name.toLowerCase()).toContain('cat');
    const own = await t.call('GET', '/avatars?user=me&n=100', { cookie });
    for (const avatar of own.body) expect(avatar.authorId).toBe(ids.alice);
    expect(own.body.length).toBeGreaterThan(2);
  });
});

describe('POST, PUT and DELETE /avatars', () => {
  const body = { name: 'Paper Crane', imageUrl: 'https://assets.example.test/crane.png', platform: 'android', unityVersion: '2022.3.22f1' };

  it("creates the requester's private avatar that GET and user=me show", async () => {
    const { t, cookie, names } = await session('bob');
    const r = await t.call('POST', '/avatars', { cookie, body });
    expect(r.status).toBe(200);
    const avatar = expectShape(AvatarSchema, r.body);
    expect(avatar).toMatchObject({ name: 'Paper Crane', authorId: ids.bob, releaseStatus: 'private' });
    expect(avatar.unityPackages.map((p) => p.platform)).toEqual(['android']);
    expect((await t.call('GET', `/avatars/${avatar.id}`, { cookie })).status).toBe(200);
    expect(await names('/avatars?user=me&search=crane')).toEqual(['Paper Crane']);
  });

  it('refuses featured from a non-admin with 401', async () => {
    const { t, cookie } = await session('bob');
    expectError(await t.call('POST', '/avatars', { cookie, body: { ...body, featured: true } }), 401, messages.avatarFeaturedNotAdmin);
  });

  it('names missing fields with 400', async () => {
    const { t, cookie } = await session('bob');
    expectError(await t.call('POST', '/avatars', { cookie, body: {} }), 400, 'imageUrl is required, name is required');
  });

  it('refuses a unityVersion that is not a Unity version with 400 naming it', async () => {
    const { t, cookie } = await session('bob');
    const r = await t.call('POST', '/avatars', { cookie, body: { ...body, unityVersion: 'latest' } });
    expectError(r, 400, 'unityVersion must be a Unity version such as 2022.3.22f1');
  });

  it('updates its own avatar and keeps it on the next read', async () => {
    const { t, cookie } = await session();
    const r = await t.call('PUT', `/avatars/${avatars.secretDraft}`, { cookie, body: { name: 'Not So Secret', releaseStatus: 'public' } });
    expect(r.status).toBe(200);
    const bob = await t.login('bob');
    expect((await t.call('GET', `/avatars/${avatars.secretDraft}`, { cookie: bob })).body.name).toBe('Not So Secret');
  });

  it("refuses to change someone else's avatar with 403", async () => {
    const { t, cookie } = await session();
    expectError(await t.call('PUT', `/avatars/${avatars.neonRobot}`, { cookie, body: { name: 'Mine' } }), 403, messages.avatarNotYours);
    expectError(await t.call('DELETE', `/avatars/${avatars.neonRobot}`, { cookie }), 403, messages.avatarNotYours);
  });

  it('answers 400 to a change of an avatar that is not there, as live; deleting one stays 404', async () => {
    const { t, cookie } = await session();
    const missing = 'avtr_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82';
    expectError(await t.call('PUT', `/avatars/${missing}`, { cookie, body: { name: 'Mine' } }), 400, messages.avatarNotFound);
    expectError(await t.call('DELETE', `/avatars/${missing}`, { cookie }), 404, messages.avatarNotFound);
  });

  it('deletes its own avatar: gone from reads, lists and favorites', async () => {
    const { t, cookie, names } = await session();
    const r = await t.call('DELETE', `/avatars/${avatars.aliceFox}`, { cookie });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(avatars.aliceFox);
    expectError(await t.call('GET', `/avatars/${avatars.aliceFox}`, { cookie }), 404, messages.avatarNotFound);
    expect(await names('/avatars?n=100')).not.toContain('Alice Fox');
    expect(await names('/avatars/favorites?n=100')).not.toContain('Alice Fox');
  });
});

describe('PUT /avatars/{avatarId}/select', () => {
  const friends = (data: SandboxData) => {
    const alice = data.users.find((u) => u.id === ids.alice)!;
    const bob = data.users.find((u) => u.id === ids.bob)!;
    if (!alice.friends.includes(bob.id)) alice.friends.push(bob.id);
    if (!bob.friends.includes(alice.id)) bob.friends.push(alice.id);
  };

  it('changes currentAvatar* on the CurrentUser it answers and on GET /auth/user', async () => {
    const { t, cookie } = await session('alice', friends);
    const r = await t.call('PUT', `/avatars/${avatars.cozyBear}/select`, { cookie });
    expect(r.status).toBe(200);
    const user = expectShape(CurrentUserSchema, r.body);
    expect(user.currentAvatar).toBe(avatars.cozyBear);
    const again = await t.call('GET', '/auth/user', { cookie });
    expect(again.body).toMatchObject({ currentAvatar: avatars.cozyBear, currentAvatarImageUrl: expect.stringContaining('') });
    const cozy = (await t.call('GET', `/avatars/${avatars.cozyBear}`, { cookie })).body;
    expect(again.body.currentAvatarImageUrl).toBe(cozy.imageUrl);
    expect(again.body.currentAvatarThumbnailImageUrl).toBe(cozy.thumbnailImageUrl);
  });

  it('tells the user (user-update) and their friends (friend-update) over the pipeline', async () => {
    const { t, cookie } = await session('alice', friends);
    const events: PipelineEvent[] = [];
    t.sandbox.pipeline.on((event) => events.push(event));
    await t.call('PUT', `/avatars/${avatars.cozyBear}/select`, { cookie });
    expect(events.map((e) => [e.type, e.to])).toEqual([
      ['user-update', [ids.alice]],
      ['friend-update', t.sandbox.users.get(ids.alice)!.friends],
    ]);
    expect(events[1]!.to).toContain(ids.bob);
    const cozy = (await t.call('GET', `/avatars/${avatars.cozyBear}`, { cookie })).body;
    expect(events[1]!.content).toMatchObject({ userId: ids.alice, user: { currentAvatarImageUrl: cozy.imageUrl } });
  });

  it("refuses someone else's private avatar with 403, and an unknown one with 404", async () => {
    const { t } = await session();
    const bob = await t.login('bob');
    expectError(await t.call('PUT', `/avatars/${avatars.secretDraft}/select`, { cookie: bob }), 403, messages.avatarPrivateOfOther);
    const missing = 'avtr_0000000f-0000-4000-8000-000000000000';
    expectError(await t.call('PUT', `/avatars/${missing}/select`, { cookie: bob }), 404, messages.avatarNotFound);
    expect((await t.call('GET', '/auth/user', { cookie: bob })).body.currentAvatar).toBe('');
  });

  it('selects a fallback only when the avatar is tagged as one', async () => {
    const { t, cookie } = await session('alice', (data) => {
      data.avatars.find((a) => a.id === avatars.questCat)!.tags.push('author_quest_fallback');
    });
    expectError(await t.call('PUT', `/avatars/${avatars.cozyBear}/selectFallback`, { cookie }), 403, messages.avatarNotFallback);
    const r = await t.call('PUT', `/avatars/${avatars.questCat}/selectFallback`, { cookie });
    expect(r.status).toBe(200);
    expect(r.body.fallbackAvatar).toBe(avatars.questCat);
  });
});

describe('GET /users/{userId}/avatar', () => {
  it("answers the requester's current avatar", async () => {
    const { t, cookie } = await session();
    const r = await t.call('GET', `/users/${ids.alice}/avatar`, { cookie });
    expect(expectShape(AvatarSchema, r.body).id).toBe(avatars.aliceFox);
  });

  it("refuses another user's to a non-admin with 403", async () => {
    const { t, cookie } = await session('bob');
    expectError(await t.call('GET', `/users/${ids.alice}/avatar`, { cookie }), 403, messages.avatarOfOtherUser);
  });
});

describe('impostors, styles and licensed avatars', () => {
  it('enqueues impostor generation, done at once, and deletes the impostors', async () => {
    const { t, cookie } = await session();
    const r = await t.call('POST', `/avatars/${avatars.aliceFox}/impostor/enqueue`, { cookie });
    expect(r.body).toMatchObject({ subjectId: avatars.aliceFox, requesterUserId: ids.alice, state: 'succeeded' });
    const made = (await t.call('GET', `/avatars/${avatars.aliceFox}`, { cookie })).body;
    expect(made.unityPackages.every((p: { impostorUrl: string | null }) => p.impostorUrl !== null)).toBe(true);
    expect((await t.call('DELETE', `/avatars/${avatars.aliceFox}/impostor`, { cookie })).status).toBe(200);
    const gone = (await t.call('GET', `/avatars/${avatars.aliceFox}`, { cookie })).body;
    expect(gone.unityPackages.every((p: { impostorUrl: string | null }) => p.impostorUrl === null)).toBe(true);
    expect((await t.call('GET', '/avatars/impostor/queue/stats', { cookie })).body).toEqual({ estimatedServiceDurationSeconds: 0 });
  });

  it('lists avatar styles and (no purchases here) an empty licensed list', async () => {
    const { t, cookie } = await session();
    const styles = await t.call('GET', '/avatarStyles', { cookie });
    expect(styles.body.map((s: { styleName: string }) => s.styleName)).toContain('anime');
    expect((await t.call('GET', '/avatars/licensed', { cookie })).body).toEqual([]);
    expectError(await t.call('GET', '/avatars/licensed?n=101', { cookie }), 400, 'n must be at most 100');
  });
});
