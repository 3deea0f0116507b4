import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { totp } from '../../../src/areas/authentication/totp.js';
import { login } from '../../../src/areas/authentication/accounts.js';
import { messages } from '../../../src/errors.js';
import { LIMITS } from '../../../src/limits.js';
import { cookieFrom, expectError, testSandbox, type TestSandbox } from '../../support/helpers.js';

const basic = (username: string, password: string) => ({ authorization: encodeBasic(username, password) });
const carolSecret = 'JBSWY3DPEHPK3PXP';

describe('login attempts', () => {
  it('lock a username out with 429 after 10 wrong passwords, even for the right one', async () => {
    const t = testSandbox();
    for (let i = 0; i < 10; i++) expectError(await t.call('GET', '/auth/user', { headers: basic('alice', `wrong${i}`) }), 401);
    expectError(await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') }), 429, messages.loginLockedOut(15));
    expectError(await t.call('GET', '/auth/user', { headers: basic('ALICE', 'alice-password') }), 429, messages.loginLockedOut(15));
    expect((await t.call('GET', '/auth/user', { headers: basic('bob', 'bob-password') })).status).toBe(200);
  });

  it('let the user in again once the lock-out time has passed on the world clock', async () => {
    const t = testSandbox();
    for (let i = 0; i < 10; i++) await t.call('GET', '/auth/user', { headers: basic('alice', 'wrong') });
    t.clock.advance(14 * 60_000);
    expectError(await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') }), 429, messages.loginLockedOut(1));
    t.clock.advance(60_000);
    expect((await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') })).status).toBe(200);
  });

  it('count from zero again after a success', async () => {
    const t = testSandbox();
    for (let i = 0; i < 9; i++) await t.call('GET', '/auth/user', { headers: basic('alice', 'wrong') });
    await t.login('alice');
    for (let i = 0; i < 9; i++) await t.call('GET', '/auth/user', { headers: basic('alice', 'wrong') });
    expect((await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') })).status).toBe(200);
  });

  it('lock the account, not the name typed: her email is locked while her username is', async () => {
    const t = testSandbox();
    for (let i = 0; i < 10; i++) expectError(await t.call('GET', '/auth/user', { headers: basic('alice', `wrong${i}`) }), 401);
    expectError(await t.call('GET', '/auth/user', { headers: basic('alice@example.test', 'wrong') }), 429, messages.loginLockedOut(15));
    expectError(
      await t.call('GET', '/auth/user', { headers: basic('Alice@Example.test', 'alice-password') }),
      429,
      messages.loginLockedOut(15),
    );
  });

  it('count wrong passwords by username and by email together', async () => {
    const t = testSandbox();
    for (let i = 0; i < 5; i++) await t.call('GET', '/auth/user', { headers: basic('alice', 'wrong') });
    for (let i = 0; i < 5; i++) await t.call('GET', '/auth/user', { headers: basic('alice@example.test', 'wrong') });
    expectError(await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') }), 429, messages.loginLockedOut(15));
  });

  it('keep a lock-out through a flood of wrong logins for made-up names', async () => {
    const t = testSandbox();
    for (let i = 0; i < 10; i++) await t.call('GET', '/auth/user', { headers: basic('alice', 'wrong') });
    // The rule itself, as 10,500 requests would: each made-up name fails once.
    let refused = 0;
    for (let i = 0; i < 10_500; i++) {
      try {
        login(t.sandbox, { username: `nobody${i}`, password: 'wrong' });
      } catch (error) {
        if ((error as Error).message === messages.missingCredentials) refused++;
      }
    }
    expect(refused).toBe(10_500);
    expectError(await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') }), 429, messages.loginLockedOut(15));
  });

  describe(`made-up names: ${LIMITS.unknownLoginNames.value} remembered`, () => {
    const max = LIMITS.unknownLoginNames.value;
    /** A world where the made-up name ghost is locked out and then `others` other made-up names failed once each. */
    async function ghostLockedThenFlood(others: number) {
      const t = testSandbox();
      const guess = () => t.call('GET', '/auth/user', { headers: basic('ghost', 'wrong') });
      for (let i = 0; i < 10; i++) await guess();
      expectError(await guess(), 429, messages.loginLockedOut(15));
      let refused = 0;
      for (let i = 0; i < others; i++) {
        try {
          login(t.sandbox, { username: `nobody${i}`, password: 'wrong' });
        } catch (error) {
          if ((error as Error).message === messages.missingCredentials) refused++;
        }
      }
      expect(refused).toBe(others);
      return guess;
    }

    it(`keep a made-up name locked out while ${max - 1} others fail after it`, async () => {
      const guess = await ghostLockedThenFlood(max - 1);
      expectError(await guess(), 429, messages.loginLockedOut(15));
    }, 60_000);

    it('forget the oldest made-up name, lock-out and all, at one more', async () => {
      const guess = await ghostLockedThenFlood(max);
      expectError(await guess(), 401, messages.missingCredentials);
    }, 60_000);
  });

  it('hold under 50 parallel guesses: exactly 10 are judged, the rest refused', async () => {
    const t = testSandbox();
    const replies = await Promise.all(Array.from({ length: 50 }, () => t.call('GET', '/auth/user', { headers: basic('alice', 'wrong') })));
    expect(replies.filter((r) => r.status === 401)).toHaveLength(10);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(40);
  });
});

describe('2FA attempts', () => {
  it('lock verification out after 5 wrong codes: the right code then is a 429', async () => {
    const t = testSandbox();
    const started = await t.call('GET', '/auth/user', { headers: basic('carol', 'carol-password') });
    const cookie = cookieFrom(started.headers, 'auth');
    for (let i = 0; i < 5; i++) {
      expectError(
        await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code: '000000' } }),
        400,
        messages.invalidTwoFactorCode,
      );
    }
    const right = totp(carolSecret, t.clock.now());
    expectError(
      await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code: right } }),
      429,
      messages.twoFactorLockedOut(15),
    );
    expect((await t.call('GET', '/auth/user', { cookie })).body).toEqual({ requiresTwoFactorAuth: ['totp', 'otp'] });
  });
});

describe('remembered 2FA devices', () => {
  /** Logs carol in with her second factor `count` times and answers each twoFactorAuth cookie, oldest first. */
  async function rememberDevices(t: TestSandbox, count: number) {
    const devices: string[] = [];
    for (let i = 0; i < count; i++) {
      const started = await t.call('GET', '/auth/user', { headers: basic('carol', 'carol-password') });
      const cookie = cookieFrom(started.headers, 'auth');
      const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', {
        cookie,
        body: { code: totp(carolSecret, t.clock.now()) },
      });
      devices.push(cookieFrom(verified.headers, 'twoFactorAuth'));
    }
    const withDevice = (device: string) => t.call('GET', '/auth/user', { headers: basic('carol', 'carol-password'), cookie: device });
    return { devices, withDevice };
  }

  it('keep at most 10 per user: the oldest is forgotten', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { sessionLimit: 100 }));
    const { devices, withDevice } = await rememberDevices(t, 11);
    expect((await withDevice(devices[0]!)).body).toEqual({ requiresTwoFactorAuth: ['totp', 'otp'] });
    expect((await withDevice(devices[1]!)).body.username).toBe('carol');
    expect((await withDevice(devices[10]!)).body.username).toBe('carol');
  });

  it('keep all of exactly 10: the first still skips the second factor', async () => {
    const t = testSandbox((data) => Object.assign(data.settings, { sessionLimit: 100 }));
    const { devices, withDevice } = await rememberDevices(t, 10);
    expect((await withDevice(devices[0]!)).body.username).toBe('carol');
  });

  it("refuse one user's remembered device at another user's login", async () => {
    const t = testSandbox();
    const started = await t.call('GET', '/auth/user', { headers: basic('carol', 'carol-password') });
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', {
      cookie: cookieFrom(started.headers, 'auth'),
      body: { code: totp(carolSecret, t.clock.now()) },
    });
    const carolsDevice = cookieFrom(verified.headers, 'twoFactorAuth');
    const dana = await t.call('GET', '/auth/user', { headers: basic('dana', 'dana-password'), cookie: carolsDevice });
    expect(dana.body).toEqual({ requiresTwoFactorAuth: ['emailOtp'] });
    const danaCookie = cookieFrom(dana.headers, 'auth');
    expect((await t.call('GET', '/auth/user', { cookie: `${danaCookie}; ${carolsDevice}` })).body).toEqual({
      requiresTwoFactorAuth: ['emailOtp'],
    });
  });
});
