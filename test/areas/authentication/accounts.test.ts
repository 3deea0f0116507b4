import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { messages, WAF_SIGNUPS_CLOSED } from '../../../src/errors.js';
import { CurrentUserSchema } from '../../../src/store/records/user.js';
import { cookieFrom, expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';

const registration = {
  username: 'dave',
  password: 'dave-password',
  email: 'dave@example.test',
  acceptedTOSVersion: 7,
  captchaCode: 'captcha',
  day: '14',
  month: '3',
  year: '1999',
  subscribe: false,
};

describe('POST /auth/register', () => {
  it('creates the user, answers CurrentUser and logs it in', async () => {
    const t = testSandbox();
    const reply = await t.call('POST', '/auth/register', { body: registration });
    expect(reply.status).toBe(200);
    const user = expectShape(CurrentUserSchema, reply.body);
    expect(user.username).toBe('dave');
    expect(user.id).toMatch(/^usr_[0-9a-f-]{36}$/);
    expect(user.acceptedTOSVersion).toBe(7);
    const cookie = cookieFrom(reply.headers, 'auth');
    expect((await t.call('GET', '/auth/user', { cookie })).body.id).toBe(user.id);
  });

  it('lets the new account log in with its password afterwards', async () => {
    const t = testSandbox();
    await t.call('POST', '/auth/register', { body: registration });
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('dave', 'dave-password') } });
    expect(login.status).toBe(200);
    expect(login.body.username).toBe('dave');
  });

  it('refuses a taken username', async () => {
    const t = testSandbox();
    const reply = await t.call('POST', '/auth/register', { body: { ...registration, username: 'Alice' } });
    expectError(reply, 400, messages.usernameTaken);
  });

  it('refuses a taken email', async () => {
    const t = testSandbox();
    const reply = await t.call('POST', '/auth/register', { body: { ...registration, email: 'BOB@example.test' } });
    expectError(reply, 400, messages.emailTaken);
  });

  it('names every missing or invalid field', async () => {
    const t = testSandbox();
    const { email: _email, ...withoutEmail } = registration;
    const reply = await t.call('POST', '/auth/register', { body: { ...withoutEmail, password: 'short', subscribe: 'yes' } });
    expectError(reply, 400, 'password must be at least 8 characters long, email is required, subscribe must be a boolean');
  });

  it('answers 403 with a waf_code when sign-ups are closed', async () => {
    const t = testSandbox((data) => {
      data.settings.signups = 'closed';
    });
    const reply = await t.call('POST', '/auth/register', { body: registration });
    expectError(reply, 403, messages.signupsClosed);
    expect(reply.body.error.waf_code).toBe(WAF_SIGNUPS_CLOSED);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('dave', 'dave-password') } });
    expectError(login, 401, 'Missing Credentials');
  });

  it('answers 400 for malformed JSON', async () => {
    const t = testSandbox();
    expectError(await t.call('POST', '/auth/register', { body: '{"username":' }), 400, messages.malformedJson);
    expectError(await t.call('POST', '/auth/register', { body: '[1,2]' }), 400, messages.bodyNotObject);
  });
});

describe('DELETE /users/{userId}/tutorial', () => {
  it('clears platform tutorials, keeps the others, and the next read agrees', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const reply = await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie, headers: { 'x-platform': 'android' } });
    expect(reply.status).toBe(200);
    expect(expectShape(CurrentUserSchema, reply.body).completedTutorials).toEqual(['undefined:safety:v1']);
    const me = await t.call('GET', '/auth/user', { cookie });
    expect(me.body.completedTutorials).toEqual(['undefined:safety:v1']);
    const status = await t.call('GET', `/users/${ids.alice}/tutorial`, { cookie });
    expect(status.body.completedTutorials).toEqual(['undefined:safety:v1']);
  });

  it('clears every platform whatever X-Platform names', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie, headers: { 'x-platform': 'ios' } });
    expect(t.sandbox.users.get(ids.alice)!.completedTutorials).toEqual(['undefined:safety:v1']);
  });

  it('records known platforms, null for any other, and X-Store as sent', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie, headers: { 'x-platform': 'standalonewindows', 'x-store': 'steam' } });
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie, headers: { 'x-platform': 'playstation', 'x-store': 'Odd Store' } });
    await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie });
    const log = t.sandbox.users.get(ids.alice)!.tutorialClears.map(({ platform, store }) => ({ platform, store }));
    expect(log).toEqual([
      { platform: 'standalonewindows', store: 'steam' },
      { platform: null, store: 'Odd Store' },
      { platform: null, store: null },
    ]);
  });

  it("refuses another user's tutorials with 403", async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const reply = await t.call('DELETE', `/users/${ids.alice}/tutorial`, { cookie });
    expectError(reply, 403, 'You do not have permission to clear tutorials completions for others.');
    expect(t.sandbox.users.get(ids.alice)!.completedTutorials).toHaveLength(3);
  });

  it('answers 401 without a session', async () => {
    const t = testSandbox();
    expectError(await t.call('DELETE', `/users/${ids.alice}/tutorial`), 401, 'Missing Credentials');
  });
});

describe('the envelope', () => {
  it('answers unknown routes with a JSON 404', async () => {
    const t = testSandbox();
    const reply = await t.app.request('/nothing/here');
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({ error: { message: 'Not found', status_code: 404 } });
  });

  it('answers an unexpected exception with a 500 envelope and no stack', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    t.sandbox.users.get = () => {
      throw new Error('secret internals');
    };
    const reply = await t.call('GET', '/auth/user', { cookie });
    expectError(reply, 500, 'Internal server error');
    expect(reply.text).not.toContain('secret internals');
  });

  it('answers the health check outside /api/1 without auth', async () => {
    const t = testSandbox();
    const reply = await t.app.request('/_mock/health');
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ status: 'ok' });
  });
});

describe('oversized bodies', () => {
  it('answers 413 in the envelope', async () => {
    const t = testSandbox();
    const reply = await t.call('POST', '/auth/register', { body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }) });
    expectError(reply, 413, 'Request body is larger than 1048576 bytes');
  });
});
