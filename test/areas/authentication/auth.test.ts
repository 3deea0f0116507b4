import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { totp } from '../../../src/areas/authentication/totp.js';
import { messages } from '../../../src/errors.js';
import { CurrentUserSchema, RequiresTwoFactorAuthSchema } from '../../../src/store/records/user.js';
import { cookieFrom, expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';

const basic = (username: string, password: string) => ({ authorization: encodeBasic(username, password) });

describe('login with credentials', () => {
  it('answers the full CurrentUser and sets the auth cookie once', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') });
    expect(reply.status).toBe(200);
    const user = expectShape(CurrentUserSchema, reply.body);
    expect(user.id).toBe(ids.alice);
    expect(reply.body).not.toHaveProperty('password');
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Its attributes: test/http/cookies.test.ts.
    const setCookie = reply.headers.getSetCookie();
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^auth=authcookie_[0-9a-f-]{36};/);
  });

  it('reads the current user from the cookie alone and sets no new cookie', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const reply = await t.call('GET', '/auth/user', { cookie });
    expect(reply.status).toBe(200);
    expect(reply.body.username).toBe('alice');
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it('sends no new cookie when a valid cookie and credentials arrive together', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const reply = await t.call('GET', '/auth/user', { cookie, headers: basic('alice', 'alice-password') });
    expect(reply.status).toBe(200);
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it('decodes url-encoded halves split at the first colon', async () => {
    const t = testSandbox((data) => {
      data.users[1]!.password = 'p@ss:w0rd é';
    });
    const reply = await t.call('GET', '/auth/user', { headers: basic('bob', 'p@ss:w0rd é') });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(ids.bob);
  });

  it('accepts the email address in place of the username', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/auth/user', { headers: basic('Alice@Example.test', 'alice-password') });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(ids.alice);
  });

  it.each([
    ['no header', undefined],
    ['a wrong password', encodeBasic('alice', 'nope')],
    ['an unknown user', encodeBasic('nobody', 'x')],
    ['a bearer token', 'Bearer abc'],
    ['broken base64', 'Basic %%%'],
    ['no colon', `Basic ${Buffer.from('alice').toString('base64')}`],
    ['a broken escape', `Basic ${Buffer.from('alice:%E0%A4%A').toString('base64')}`],
  ])('answers 401 Missing Credentials for %s', async (_name, authorization) => {
    const t = testSandbox();
    const reply = await t.call('GET', '/auth/user', { headers: authorization ? { authorization } : {} });
    expectError(reply, 401, 'Missing Credentials');
  });

  it('refuses other operations that carry only the Authorization header', async () => {
    const t = testSandbox();
    const reply = await t.call('DELETE', `/users/${ids.alice}/tutorial`, { headers: basic('alice', 'alice-password') });
    expectError(reply, 401, 'Missing Credentials');
  });

  it('counts each credential login as its own session', async () => {
    const t = testSandbox();
    const first = await t.login('alice');
    const second = await t.login('alice');
    expect(first).not.toBe(second);
    expect(t.sandbox.sessions.liveCount(ids.alice)).toBe(2);
  });
});

describe('session limit', () => {
  it('refuses new logins with 429 once the limit is reached, until old sessions expire', async () => {
    const t = testSandbox((data) => {
      data.settings.sessionLimit = 2;
      data.settings.sessionTtlMinutes = 60;
    });
    await t.login('alice');
    await t.login('alice');
    const refused = await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') });
    expectError(refused, 429, messages.tooManySessions);
    expect(refused.headers.getSetCookie()).toEqual([]);
    t.clock.advance(60 * 60_000);
    const again = await t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') });
    expect(again.status).toBe(200);
  });

  it('lets exactly the limit through when fifty logins arrive at once', async () => {
    const t = testSandbox((data) => {
      data.settings.sessionLimit = 7;
    });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => t.call('GET', '/auth/user', { headers: basic('alice', 'alice-password') })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(7);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(43);
  });

  it('does not count another user against the limit', async () => {
    const t = testSandbox((data) => {
      data.settings.sessionLimit = 1;
    });
    await t.login('alice');
    await t.login('bob');
  });
});

describe('session expiry and logout', () => {
  it('expires the cookie after the session lifetime', async () => {
    const t = testSandbox((data) => {
      data.settings.sessionTtlMinutes = 30;
    });
    const cookie = await t.login('alice');
    t.clock.advance(29 * 60_000);
    expect((await t.call('GET', '/auth/user', { cookie })).status).toBe(200);
    t.clock.advance(60_000);
    expectError(await t.call('GET', '/auth/user', { cookie }), 401, 'Missing Credentials');
  });

  it('ends the session on the server: the old cookie gets 401 afterwards', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const out = await t.call('PUT', '/logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: { message: 'Ok!', status_code: 200 } });
    expect(out.headers.getSetCookie()[0]).toMatch(/^auth=; .*Max-Age=0/);
    expectError(await t.call('GET', '/auth/user', { cookie }), 401, 'Missing Credentials');
    expectError(await t.call('PUT', '/logout', { cookie }), 401, 'Missing Credentials');
  });

  it('frees the session slot on logout', async () => {
    const t = testSandbox((data) => {
      data.settings.sessionLimit = 1;
    });
    const cookie = await t.login('alice');
    await t.call('PUT', '/logout', { cookie });
    await t.login('alice');
  });
});

describe('two-factor login', () => {
  const carol = basic('carol', 'carol-password');
  const secret = 'JBSWY3DPEHPK3PXP';

  async function startCarol(t: ReturnType<typeof testSandbox>) {
    const reply = await t.call('GET', '/auth/user', { headers: carol });
    expect(reply.status).toBe(200);
    expect(expectShape(RequiresTwoFactorAuthSchema, reply.body)).toEqual({ requiresTwoFactorAuth: ['totp', 'otp'] });
    return cookieFrom(reply.headers, 'auth');
  }

  it('gives a cookie that is good for nothing but the verify calls', async () => {
    const t = testSandbox();
    const cookie = await startCarol(t);
    expectError(await t.call('DELETE', `/users/${ids.carol}/tutorial`, { cookie }), 401, 'Missing Credentials');
    const again = await t.call('GET', '/auth/user', { cookie });
    expect(again.body).toEqual({ requiresTwoFactorAuth: ['totp', 'otp'] });
  });

  it('finishes the login with the current TOTP and sets the twoFactorAuth cookie', async () => {
    const t = testSandbox();
    const cookie = await startCarol(t);
    const code = totp(secret, t.clock.now());
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true });
    expect(cookieFrom(verified.headers, 'twoFactorAuth')).toMatch(/^twoFactorAuth=twofactorauth_/);
    const me = await t.call('GET', '/auth/user', { cookie });
    expect(expectShape(CurrentUserSchema, me.body).id).toBe(ids.carol);
  });

  it('refuses a wrong TOTP and keeps the session pending', async () => {
    const t = testSandbox();
    const cookie = await startCarol(t);
    const wrong = totp(secret, t.clock.now() + 10 * 60_000);
    expectError(
      await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code: wrong } }),
      400,
      messages.invalidTwoFactorCode,
    );
    expect((await t.call('GET', '/auth/user', { cookie })).body).toHaveProperty('requiresTwoFactorAuth');
  });

  it('accepts a recovery code once through otp', async () => {
    const t = testSandbox();
    const cookie = await startCarol(t);
    const ok = await t.call('POST', '/auth/twofactorauth/otp/verify', { cookie, body: { code: '1111-2222' } });
    expect(ok.body).toEqual({ verified: true });
    const next = await startCarol(t);
    expectError(
      await t.call('POST', '/auth/twofactorauth/otp/verify', { cookie: next, body: { code: '1111-2222' } }),
      400,
      messages.invalidTwoFactorCode,
    );
  });

  it('skips the second factor on a later login that presents the twoFactorAuth cookie', async () => {
    const t = testSandbox();
    const cookie = await startCarol(t);
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code: totp(secret, t.clock.now()) } });
    const device = cookieFrom(verified.headers, 'twoFactorAuth');
    const again = await t.call('GET', '/auth/user', { headers: carol, cookie: device });
    expect(again.body.id).toBe(ids.carol);
  });

  it.each(['constructor', 'toString', 'sms', 'xotp'])('answers a JSON 404 for the unknown method %s', async (method) => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const reply = await t.call('POST', `/auth/twofactorauth/${method}/verify`, { cookie, body: { code: '123456' } });
    expectError(reply, 404, 'Not found');
  });

  it('routes emailotp to verification: carol has no email code, so any code is refused', async () => {
    const t = testSandbox();
    const cookie = await startCarol(t);
    const reply = await t.call('POST', '/auth/twofactorauth/emailotp/verify', { cookie, body: { code: '123456' } });
    expectError(reply, 400, messages.invalidTwoFactorCode);
  });

  it('answers 401 on verify without a session', async () => {
    const t = testSandbox();
    expectError(await t.call('POST', '/auth/twofactorauth/totp/verify', { body: { code: '123456' } }), 401, 'Missing Credentials');
  });
});
