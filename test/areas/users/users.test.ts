import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';
import { LimitedUserSearchSchema, UserSchema } from '../../../src/store/records/people.js';
import { CurrentUserSchema } from '../../../src/store/records/user.js';

const aliceHidden =
  'wrld_a11ce000-0000-4000-8000-00000000b001:48213~hidden(usr_a11ce000-0000-4000-8000-000000000001)~region(eu)~nonce(a11ce000-0000-4000-8000-0000000000c1)';

describe('GET /users/{userId}', () => {
  it('shows a friend where they are', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', `/users/${ids.bob}`, { cookie });
    const bob = expectShape(UserSchema, r.body);
    expect(bob).toMatchObject({ id: ids.bob, isFriend: true, state: 'online', location: aliceHidden, worldId: aliceHidden.split(':')[0] });
  });

  it('shows a non-friend as offline everywhere', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('GET', `/users/${ids.admin}`, { cookie });
    expect(expectShape(UserSchema, r.body)).toMatchObject({
      isFriend: false,
      state: 'offline',
      location: 'offline',
      worldId: 'offline',
      instanceId: 'offline',
      platform: '',
    });
  });

  it('answers 404 for an unknown user', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(
      await t.call('GET', '/users/usr_00000000-0000-4000-8000-00000000dead', { cookie }),
      404,
      'User usr_00000000-0000-4000-8000-00000000dead not found',
    );
  });

  it('finds a user by login name for an admin', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('GET', '/users/Frank/name', { cookie });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(ids.frank);
  });

  it('refuses a look-up by login name to anyone else, as the live service does', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/users/Frank/name', { cookie }), 403, 'Invalid Admin Credentials');
    expectError(await t.call('GET', '/users/alice/name', { cookie }), 403, 'Invalid Admin Credentials');
  });
});

describe('GET /users', () => {
  it('matches display names case-insensitively', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('GET', '/users?search=AL', { cookie });
    expect(r.body.map((u: { id: string }) => u.id)).toEqual([ids.alice]);
    expectShape(LimitedUserSearchSchema, r.body[0]);
  });

  it("leaves out the searcher's blocked users", async () => {
    const t = testSandbox();
    const eveSeen = async (who: string) =>
      (await t.call('GET', '/users?search=eve', { cookie: await t.login(who) })).body.map((u: { id: string }) => u.id);
    expect(await eveSeen('bob')).toEqual([ids.eve]);
    expect(await eveSeen('alice')).toEqual([]);
  });

  it('pages with n and offset', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const all = (await t.call('GET', '/users', { cookie })).body.map((u: { id: string }) => u.id);
    const page = (await t.call('GET', '/users?n=2&offset=1', { cookie })).body.map((u: { id: string }) => u.id);
    expect(page).toEqual(all.slice(1, 3));
  });

  it('refuses n above 100 with the real message', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await t.call('GET', '/users?n=1000', { cookie }), 400, 'n=1000 is much too high. implement paging you savages.');
    expectError(await t.call('GET', '/users?n=-1', { cookie }), 400, "n must be a positive integer: '-1'");
  });
});

describe('PUT /users/{userId}', () => {
  it('changes the own profile, visible on the next GET /auth/user', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const body = {
      status: 'busy',
      statusDescription: 'in a meeting',
      bio: 'New bio',
      pronouns: 'he/him',
      bioLinks: ['https://example.test/bob'],
    };
    const r = await t.call('PUT', `/users/${ids.bob}`, { cookie, body });
    expectShape(CurrentUserSchema, r.body);
    const me = (await t.call('GET', '/auth/user', { cookie })).body;
    expect(me).toMatchObject(body);
  });

  it('names every invalid field', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { status: 'asleep', pronouns: 'x'.repeat(33) } });
    expectError(r, 400, 'status must be one of active, join me, ask me, busy, offline, pronouns must be at most 32 characters long');
  });

  it("refuses another user's profile to a non-admin", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(await t.call('PUT', `/users/${ids.alice}`, { cookie, body: { bio: 'x' } }), 403, "You can't edit another user.");
  });

  it('refuses a user who does not exist as another user, with 403', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(
      await t.call('PUT', '/users/usr_00000000-0000-4000-8000-00000000dead', { cookie, body: { bio: 'x' } }),
      403,
      "You can't edit another user.",
    );
  });

  it('lets an admin change anyone', async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { bio: 'set by admin' } });
    expect(r.body.bio).toBe('set by admin');
  });

  it('needs the current password to change the display name', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    expectError(
      await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { displayName: 'Robert' } }),
      400,
      'currentPassword is required to change displayName, password or email',
    );
    const r = await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { displayName: 'Robert', currentPassword: 'bob-password' } });
    expect(r.body).toMatchObject({ displayName: 'Robert', pastDisplayNames: [{ displayName: 'Bob', reverted: false }] });
  });

  it('tells friends with friend-update and the user with user-update', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const events: { type: string; to: readonly string[]; content?: any }[] = [];
    t.sandbox.pipeline.on((e) => events.push(e));
    await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { statusDescription: 'hello' } });
    expect(events.map((e) => [e.type, e.to])).toEqual([
      ['user-update', [ids.bob]],
      ['friend-update', [ids.alice, ids.frank]],
    ]);
    expect(events[1]!.content).toMatchObject({ userId: ids.bob, user: { id: ids.bob, statusDescription: 'hello' } });
  });
});

describe('POST /users/{userId}/addTags and removeTags', () => {
  it('adds and removes the own tags, visible on the next GET /auth/user', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const added = await t.call('POST', `/users/${ids.bob}/addTags`, { cookie, body: { tags: ['language_deu', 'system_trust_known'] } });
    expectError(added, 400, "Tag 'system_trust_known' is restricted: admin_ and system_ tags are not yours to change");
    await t.call('POST', `/users/${ids.bob}/addTags`, { cookie, body: { tags: ['language_deu'] } });
    expect((await t.call('GET', '/auth/user', { cookie })).body.tags).toEqual(['system_trust_known', 'language_deu']);
    await t.call('POST', `/users/${ids.bob}/removeTags`, { cookie, body: { tags: ['language_deu'] } });
    expect((await t.call('GET', '/auth/user', { cookie })).body.tags).toEqual(['system_trust_known']);
  });
  it('refuses the tags of another user, one who is not there included, with 403 (live; no 404)', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const body = { tags: ['language_kor'] };
    expectError(await t.call('POST', `/users/${ids.alice}/addTags`, { cookie, body }), 403, messages.userUpdateForbidden);
    const missing = 'usr_00000000-0000-0000-0000-000000000000';
    expectError(await t.call('POST', `/users/${missing}/addTags`, { cookie, body }), 403, messages.userUpdateForbidden);
    expectError(await t.call('POST', `/users/${missing}/removeTags`, { cookie, body }), 403, messages.userUpdateForbidden);
  });
});
