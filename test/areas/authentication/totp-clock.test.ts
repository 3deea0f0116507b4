import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { totp } from '../../../src/areas/authentication/totp.js';
import { messages } from '../../../src/errors.js';
import { cookieFrom, expectError, ids, testSandbox } from '../../support/helpers.js';

const secret = 'JBSWY3DPEHPK3PXP';

async function startCarol(t: ReturnType<typeof testSandbox>) {
  const reply = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('carol', 'carol-password') } });
  return cookieFrom(reply.headers, 'auth');
}

describe('two-factor codes and the world clock', () => {
  it('accepts a code computed from real time after the world clock moved an hour', async () => {
    const t = testSandbox();
    t.clock.advance(60 * 60_000);
    const cookie = await startCarol(t);
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code: totp(secret, Date.now()) } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true });
  });

  it("accepts a code computed from the world's clock", async () => {
    const t = testSandbox();
    t.clock.advance(60 * 60_000);
    const cookie = await startCarol(t);
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code: totp(secret, t.clock.now()) } });
    expect(verified.body).toEqual({ verified: true });
  });

  it('refuses a code two steps away from both real time and the world clock', async () => {
    const t = testSandbox();
    const cookie = await startCarol(t);
    const code = totp(secret, Date.now() + 5 * 60_000);
    expectError(await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code } }), 400, messages.invalidTwoFactorCode);
  });

  it("logs in with a code from the previous 30-second step of the world's clock", async () => {
    const t = testSandbox();
    t.clock.advance(15_000);
    const cookie = await startCarol(t);
    const code = totp(secret, t.clock.now() - 30_000);
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true });
    const me = await t.call('GET', '/auth/user', { cookie });
    expect(me.body.id).toBe(ids.carol);
  });

  it("logs in with a code from the next 30-second step of the world's clock", async () => {
    const t = testSandbox();
    t.clock.advance(15_000);
    const cookie = await startCarol(t);
    const code = totp(secret, t.clock.now() + 30_000);
    const verified = await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code } });
    expect(verified.body).toEqual({ verified: true });
    expect((await t.call('GET', '/auth/user', { cookie })).body.id).toBe(ids.carol);
  });
});
