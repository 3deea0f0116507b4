import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { totp } from '../../src/areas/authentication/totp.js';
import { cookieFrom, testSandbox } from '../support/helpers.js';

/** A Set-Cookie line as its name, value and attributes: their order is no part of what a client reads. */
function parsed(line: string) {
  const [pair, ...rest] = line.split('; ');
  const eq = pair!.indexOf('=');
  const attributes = Object.fromEntries(
    rest.map((part) => [part.split('=')[0]!, part.includes('=') ? part.slice(part.indexOf('=') + 1) : true]),
  );
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes };
}

function setCookie(headers: Headers, name: string) {
  const line = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  expect(line, `a ${name} cookie`).toBeDefined();
  return parsed(line!);
}

/** The wall-clock expiry a cookie of `seconds` set now carries, give or take the test's own time. */
function expectExpiresIn(expires: unknown, seconds: number) {
  const at = Date.parse(String(expires));
  expect(Math.abs(at - (Date.now() + seconds * 1000))).toBeLessThan(5_000);
}

const carol = { authorization: encodeBasic('carol', 'carol-password') };
const secret = 'JBSWY3DPEHPK3PXP';

describe('the cookies of a session', () => {
  it('a login sets the auth cookie for the session lifetime, HttpOnly and SameSite=Lax on every path', async () => {
    const t = testSandbox((data) => {
      data.settings.sessionTtlMinutes = 90;
    });
    const reply = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('alice', 'alice-password') } });
    const cookie = setCookie(reply.headers, 'auth');
    expect(cookie.value).toMatch(/^authcookie_[0-9a-f-]{36}$/);
    expect(Object.keys(cookie.attributes).sort()).toEqual(['Expires', 'HttpOnly', 'Max-Age', 'Path', 'SameSite']);
    expect(cookie.attributes).toMatchObject({ Path: '/', 'Max-Age': '5400', HttpOnly: true, SameSite: 'Lax' });
    expectExpiresIn(cookie.attributes.Expires, 5400);
  });

  it('a logout empties the auth cookie and expires it at once', async () => {
    const t = testSandbox();
    const reply = await t.call('PUT', '/logout', { cookie: await t.login('alice') });
    expect(setCookie(reply.headers, 'auth')).toEqual({
      name: 'auth',
      value: '',
      attributes: { Path: '/', 'Max-Age': '0', Expires: 'Thu, 01 Jan 1970 00:00:00 GMT', HttpOnly: true },
    });
  });

  it('a verified second factor sets the twoFactorAuth cookie for twoFactorTtlDays', async () => {
    const t = testSandbox();
    const pending = await t.call('GET', '/auth/user', { headers: carol });
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', {
      cookie: cookieFrom(pending.headers, 'auth'),
      body: { code: totp(secret, t.clock.now()) },
    });
    const cookie = setCookie(verified.headers, 'twoFactorAuth');
    expect(cookie.value).toMatch(/^twofactorauth_[0-9a-f-]{36}$/);
    expect(cookie.attributes).toMatchObject({ Path: '/', 'Max-Age': String(30 * 86_400), HttpOnly: true, SameSite: 'Lax' });
    expectExpiresIn(cookie.attributes.Expires, 30 * 86_400);
  });

  it('a twoFactorTtlDays past the cookie cap of 400 days sets a 400-day cookie, and the device is still remembered', async () => {
    const t = testSandbox((data) => {
      data.settings.twoFactorTtlDays = 500;
    });
    const pending = await t.call('GET', '/auth/user', { headers: carol });
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', {
      cookie: cookieFrom(pending.headers, 'auth'),
      body: { code: totp(secret, t.clock.now()) },
    });
    expect(verified.status).toBe(200);
    const cookie = setCookie(verified.headers, 'twoFactorAuth');
    expect(cookie.attributes['Max-Age']).toBe(String(400 * 86_400));
    t.clock.advance(450 * 86_400_000);
    const again = await t.call('GET', '/auth/user', { headers: carol, cookie: `twoFactorAuth=${cookie.value}` });
    expect(again.body).not.toHaveProperty('requiresTwoFactorAuth');
  });

  it('the auth cookie is read among other cookies, quoted or not', async () => {
    const t = testSandbox();
    const token = (await t.login('alice')).slice('auth='.length);
    for (const cookie of [`theme=dark; auth=${token}; lang=en`, `auth="${token}"`]) {
      const reply = await t.call('GET', '/auth/user', { cookie });
      expect(reply.status, cookie).toBe(200);
      expect(reply.body.username).toBe('alice');
    }
  });
});
