import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/main/app.js';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { totp } from '../../../src/areas/authentication/totp.js';
import { cookieFrom, expectError, ids, testSandbox } from '../../support/helpers.js';

describe('GET /auth', () => {
  it("answers the session's auth cookie value as the token", async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/auth', { cookie });
    expect(r.body).toEqual({ ok: true, token: cookie.slice('auth='.length) });
  });

  it('answers 401 without a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/auth'), 401, 'Missing Credentials');
  });
});

describe('GET /auth/exists', () => {
  it('says whether a username, email or display name is taken, without a session', async () => {
    const t = testSandbox();
    expect((await t.call('GET', '/auth/exists?username=ALICE')).body).toEqual({ userExists: true, nameOk: true });
    expect((await t.call('GET', '/auth/exists?email=nobody@example.test')).body).toEqual({ userExists: false, nameOk: true });
    expect((await t.call('GET', '/auth/exists?displayName=Frank')).body.userExists).toBe(true);
    expect((await t.call('GET', `/auth/exists?displayName=Frank&excludeUserId=${ids.frank}`)).body.userExists).toBe(false);
  });

  it('needs one of them', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/auth/exists'), 400, 'username, email, or displayName required');
  });
});

describe('email two-factor', () => {
  async function outbox(t: ReturnType<typeof testSandbox>) {
    const response = await createApp(t.deps).request('/_mock/outbox');
    return (await response.json()) as { to: string; code: string; subject: string }[];
  }

  it('asks for an email code at login and finishes the login with the code from the outbox', async () => {
    const t = testSandbox();
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('dana', 'dana-password') } });
    expect(login.body).toEqual({ requiresTwoFactorAuth: ['emailOtp'] });
    const cookie = cookieFrom(login.headers, 'auth');
    expectError(await t.call('GET', '/auth/user/friends', { cookie }), 401, 'Missing Credentials');
    const [mail] = await outbox(t);
    expect(mail).toMatchObject({ to: 'dana@example.test', subject: 'Your one-time login code' });
    expectError(
      await t.call('POST', '/auth/twofactorauth/emailotp/verify', { cookie, body: { code: '000000x' } }),
      400,
      'Invalid 2FA code',
    );
    const verified = await t.call('POST', '/auth/twofactorauth/emailotp/verify', { cookie, body: { code: mail!.code } });
    expect(verified.body).toEqual({ verified: true });
    expect((await t.call('GET', '/auth/user', { cookie })).body.id).toBe(ids.dana);
  });

  it('finishes a login pending its email code after a restore, as its session carries on', async () => {
    const t = testSandbox();
    expect((await t.app.request('/_mock/snapshot', { method: 'POST' })).status).toBe(200);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('dana', 'dana-password') } });
    const cookie = cookieFrom(login.headers, 'auth');
    const [mail] = await outbox(t);
    expect((await t.app.request('/_mock/restore', { method: 'POST' })).status).toBe(200);
    const verified = await t.call('POST', '/auth/twofactorauth/emailotp/verify', { cookie, body: { code: mail!.code } });
    expect(verified.body).toEqual({ verified: true });
    expect((await t.call('GET', '/auth/user', { cookie })).body.id).toBe(ids.dana);
  });

  it('lists the newest email first', async () => {
    const t = testSandbox();
    await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('dana', 'dana-password') } });
    t.clock.advance(1000);
    await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('dana', 'dana-password') } });
    const mails = await outbox(t);
    expect(mails).toHaveLength(2);
    expect(Date.parse((mails[0] as unknown as { sentAt: string }).sentAt)).toBeGreaterThan(
      Date.parse((mails[1] as unknown as { sentAt: string }).sentAt),
    );
  });
});

describe('TOTP setup', () => {
  it("takes the code an authenticator app shows from real time, whatever the world's clock says", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const pending = (await t.call('POST', '/auth/twofactorauth/totp/pending', { cookie })).body;
    const code = totp(pending.secret, Date.now());
    expect((await t.call('POST', '/auth/twofactorauth/totp/pending/verify', { cookie, body: { code } })).body).toEqual({
      verified: true,
      enabled: true,
    });
  });

  it('enables TOTP after one good code, then asks for it at login', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const pending = (await t.call('POST', '/auth/twofactorauth/totp/pending', { cookie })).body;
    expect(pending).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]{32}$/), qrCodeDataUrl: expect.stringMatching(/^data:/) });
    expectError(
      await t.call('POST', '/auth/twofactorauth/totp/pending/verify', { cookie, body: { code: '000000' } }),
      400,
      'Invalid 2FA code',
    );
    const code = totp(pending.secret, t.clock.now());
    expect((await t.call('POST', '/auth/twofactorauth/totp/pending/verify', { cookie, body: { code } })).body).toEqual({
      verified: true,
      enabled: true,
    });
    const codes = (await t.call('GET', '/auth/user/twofactorauth/otp', { cookie })).body;
    expect(codes.otp).toHaveLength(8);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('bob', 'bob-password') } });
    expect(login.body).toEqual({ requiresTwoFactorAuth: ['totp', 'otp'] });
  });

  it('cancels a pending setup and disables two-factor', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    await t.call('POST', '/auth/twofactorauth/totp/pending', { cookie });
    expect((await t.call('DELETE', '/auth/twofactorauth/totp/pending', { cookie })).body).toEqual({ removed: true });
    expectError(
      await t.call('POST', '/auth/twofactorauth/totp/pending/verify', { cookie, body: { code: '000000' } }),
      400,
      'No two-factor authentication setup is pending.',
    );
    expect((await t.call('DELETE', '/auth/twofactorauth', { cookie })).body).toEqual({ removed: false });
  });
});

describe('account deletion and user notes', () => {
  it('schedules the deletion of the own account', async () => {
    const t = testSandbox();
    const r = await t.call('PUT', `/users/${ids.bob}/delete`, { cookie: await t.login('bob') });
    expect(r.body.accountDeletionDate).toBe('2026-01-29');
  });

  it('keeps one note per user, shown on the user', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const note = (await t.call('POST', '/userNotes', { cookie, body: { targetUserId: ids.eve, note: 'met at the market' } })).body;
    expect(note).toMatchObject({ userId: ids.bob, targetUserId: ids.eve, note: 'met at the market', targetUser: { displayName: 'Eve' } });
    await t.call('POST', '/userNotes', { cookie, body: { targetUserId: ids.eve, note: 'met twice' } });
    expect((await t.call('GET', '/userNotes', { cookie })).body.map((n: { note: string }) => n.note)).toEqual(['met twice']);
    expect((await t.call('GET', `/userNotes/${note.id}`, { cookie })).body.note).toBe('met twice');
    expect((await t.call('GET', `/users/${ids.eve}`, { cookie })).body.note).toBe('met twice');
    expectError(await t.call('GET', `/userNotes/${note.id}`, { cookie: await t.login('alice') }), 404, 'User note not found');
  });
});
