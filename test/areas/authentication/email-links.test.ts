import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/main/app.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

/** The default world with bob's email not yet verified. */
const unverifiedBob = () =>
  testSandbox((data) => {
    data.users.find((user) => user.id === ids.bob)!.emailVerified = false;
  });

async function latestEmailCode(t: ReturnType<typeof testSandbox>): Promise<string> {
  const sent = (await (await createApp(t.deps).request('/_mock/outbox')).json()) as { code: string }[];
  return sent[0]!.code;
}

async function recordOf(t: ReturnType<typeof testSandbox>, id: string) {
  const found = (await (await t.app.request(`/_mock/records/${id}`)).json()) as { record: { verifiedLoginPlaces: string[] } };
  return found.record;
}

describe('GET /auth/confirmEmail', () => {
  it('marks the email verified with the token the confirmation email carried, then leads to /home', async () => {
    const t = unverifiedBob();
    const bob = await t.login('bob');
    expect((await t.call('GET', '/auth/user', { cookie: bob })).body.emailVerified).toBe(false);
    await t.call('POST', '/auth/user/resendEmail', { cookie: bob });
    const token = await latestEmailCode(t);
    // A read just before the link: the link's GET must not leave this answer cached.
    expect((await t.call('GET', '/auth/user', { cookie: bob })).body.emailVerified).toBe(false);
    const link = await t.call('GET', `/auth/confirmEmail?id=${ids.bob}&verify_email=${token}`, { cookie: bob });
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('/home');
    expect((await t.call('GET', '/auth/user', { cookie: bob })).body.emailVerified).toBe(true);
  });

  it('changes nothing for a token the world never sent, or sent to another user', async () => {
    const t = unverifiedBob();
    const bob = await t.login('bob');
    await t.call('POST', '/auth/user/resendEmail', { cookie: await t.login('alice') });
    const alicesToken = await latestEmailCode(t);
    for (const token of ['eml_00000000-0000-0000-0000-000000000000', alicesToken]) {
      const link = await t.call('GET', `/auth/confirmEmail?id=${ids.bob}&verify_email=${token}`, { cookie: bob });
      expect(link.headers.get('location')).toBe('/home');
    }
    expect((await t.call('GET', '/auth/user', { cookie: bob })).body.emailVerified).toBe(false);
  });

  it('refuses a link without its token', async () => {
    const t = unverifiedBob();
    expectError(await t.call('GET', `/auth/confirmEmail?id=${ids.bob}`, { cookie: await t.login('bob') }), 400, 'verify_email is required');
  });
});

describe('GET /auth/verifyLoginPlace', () => {
  it("records the token among the requester's verified login places, once", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await recordOf(t, ids.alice)).verifiedLoginPlaces).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const link = await t.call('GET', `/auth/verifyLoginPlace?userId=${ids.alice}&token=place-1`, { cookie: alice });
      expect(link.status).toBe(302);
      expect(link.headers.get('location')).toBe('/home');
    }
    await t.call('GET', '/auth/verifyLoginPlace?token=place-2', { cookie: alice });
    expect((await recordOf(t, ids.alice)).verifiedLoginPlaces).toEqual(['place-1', 'place-2']);
  });

  it('records nothing for a userId naming someone else', async () => {
    const t = testSandbox();
    await t.call('GET', `/auth/verifyLoginPlace?userId=${ids.bob}&token=place-1`, { cookie: await t.login('alice') });
    expect((await recordOf(t, ids.alice)).verifiedLoginPlaces).toEqual([]);
    expect((await recordOf(t, ids.bob)).verifiedLoginPlaces).toEqual([]);
  });

  it('keeps all of exactly the limit of places', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    for (let i = 1; i <= 10; i++) await t.call('GET', `/auth/verifyLoginPlace?token=place-${i}`, { cookie: alice });
    const places = (await recordOf(t, ids.alice)).verifiedLoginPlaces;
    expect(places).toHaveLength(10);
    expect(places[0]).toBe('place-1');
  });

  it('keeps the newest places past the limit', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    for (let i = 1; i <= 12; i++) await t.call('GET', `/auth/verifyLoginPlace?token=place-${i}`, { cookie: alice });
    const places = (await recordOf(t, ids.alice)).verifiedLoginPlaces;
    expect(places).toHaveLength(10);
    expect(places[0]).toBe('place-3');
    expect(places[9]).toBe('place-12');
  });

  it('refuses a link without its token', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/auth/verifyLoginPlace', { cookie: await t.login('alice') }), 400, 'token is required');
  });
});
