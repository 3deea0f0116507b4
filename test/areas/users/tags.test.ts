import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const reserved = "Tag 'system_trust_veteran' is restricted: admin_ and system_ tags are not yours to change";

describe('PUT /users/{userId} with tags', () => {
  it("replaces the user's own tags and keeps the server's", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { tags: ['language_eng', 'language_jpn'] } });
    expect(r.status).toBe(200);
    expect(r.body.tags).toEqual(['system_trust_known', 'language_eng', 'language_jpn']);
    await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { tags: ['language_deu'] } });
    const seen = await t.call('GET', `/users/${ids.bob}`, { cookie: await t.login('alice') });
    expect(seen.body.tags).toEqual(['system_trust_known', 'language_deu']);
  });

  it('refuses server tags with the message of addTags and grants nothing', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { tags: ['system_trust_veteran', 'admin_moderator'], bio: 'new' } });
    expectError(r, 400, reserved);
    const me = await t.call('GET', '/auth/user', { cookie });
    expect(me.body.tags).toEqual(['system_trust_known']);
    expect(me.body.bio).not.toBe('new');
    expectError(await t.call('POST', `/users/${ids.bob}/addTags`, { cookie, body: { tags: ['system_trust_veteran'] } }), 400, reserved);
  });

  it("lets an admin grant a server tag while the user's other server tags stay", async () => {
    const t = testSandbox();
    const cookie = await t.login('admin');
    const r = await t.call('PUT', `/users/${ids.bob}`, { cookie, body: { tags: ['system_trust_veteran', 'language_eng'] } });
    expect(r.status).toBe(200);
    const bob = await t.call('GET', '/auth/user', { cookie: await t.login('bob') });
    expect(bob.body.tags).toEqual(['system_trust_known', 'system_trust_veteran', 'language_eng']);
  });
});
