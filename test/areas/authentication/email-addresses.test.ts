import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { MAX_EMAIL_LENGTH } from '../../../src/areas/authentication/email.js';
import { messages } from '../../../src/errors.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const registration = {
  username: 'zed1',
  password: 'zed-password',
  email: 'z@x.test',
  acceptedTOSVersion: 7,
  captchaCode: 'captcha',
  day: '14',
  month: '3',
  year: '1999',
  subscribe: false,
};

const notAscii = "email must be ASCII letters, digits and !#$%&'*+-/=?^_`{|}~. only";

describe('email addresses', () => {
  it.each([
    ['with a zero-width space', 'z\u200b@x.test'],
    ['in capitals', 'Z@X.TEST'],
    ['in full-width letters', '\uff5a@x.test'],
  ])('take an address %s as the one already registered', async (_, email) => {
    const t = testSandbox();
    expect((await t.call('POST', '/auth/register', { body: registration })).status).toBe(200);
    expectError(await t.call('POST', '/auth/register', { body: { ...registration, username: 'zed2', email } }), 400, messages.emailTaken);
  });

  it('keep the address normalised, and log in by any form of it', async () => {
    const t = testSandbox();
    const reply = await t.call('POST', '/auth/register', { body: { ...registration, email: 'Z\u200b@X.test' } });
    expect(reply.status).toBe(200);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('z@x.test', 'zed-password') } });
    expect(login.body.id).toBe(reply.body.id);
  });

  it('refuse at registration an address with a Cyrillic letter among Latin ones', async () => {
    const t = testSandbox();
    expectError(await t.call('POST', '/auth/register', { body: { ...registration, email: 'z@x.t\u0435st' } }), 400, notAscii);
  });

  it('refuse the same on PUT /users/{id}, and a look-alike of a taken address', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const change = (email: string) => t.call('PUT', `/users/${ids.alice}`, { cookie, body: { email, currentPassword: 'alice-password' } });
    expectError(await change('\u0430lice2@example.test'), 400, notAscii);
    expectError(await change('bob\u200b@example.test'), 400, messages.emailTaken);
    expect((await change('Alice2@Example.test')).status).toBe(200);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('alice2@example.test', 'alice-password') } });
    expect(login.body.id).toBe(ids.alice);
  });
});

describe(`email length (at most ${MAX_EMAIL_LENGTH} characters)`, () => {
  /** An address of exactly `length` characters at x.test. */
  const addressOf = (length: number) => `${'z'.repeat(length - '@x.test'.length)}@x.test`;

  it('take an address of exactly the limit at registration, and log in by it', async () => {
    const t = testSandbox();
    const email = addressOf(MAX_EMAIL_LENGTH);
    const reply = await t.call('POST', '/auth/register', { body: { ...registration, email } });
    expect(reply.status).toBe(200);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic(email, 'zed-password') } });
    expect(login.body.id).toBe(reply.body.id);
  });

  it('refuse one character more at registration, and create no account', async () => {
    const t = testSandbox();
    const reply = await t.call('POST', '/auth/register', { body: { ...registration, email: addressOf(MAX_EMAIL_LENGTH + 1) } });
    expectError(reply, 400, `email must be at most ${MAX_EMAIL_LENGTH} characters long`);
    expect(t.sandbox.userLogins.has('zed1')).toBe(false);
  });

  it('refuse one character more in a profile edit, and take exactly the limit', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const change = (email: string) => t.call('PUT', `/users/${ids.alice}`, { cookie, body: { email, currentPassword: 'alice-password' } });
    expectError(await change(addressOf(MAX_EMAIL_LENGTH + 1)), 400, `email must be at most ${MAX_EMAIL_LENGTH} characters long`);
    expect((await change(addressOf(MAX_EMAIL_LENGTH))).status).toBe(200);
    const login = await t.call('GET', '/auth/user', {
      headers: { authorization: encodeBasic(addressOf(MAX_EMAIL_LENGTH), 'alice-password') },
    });
    expect(login.body.id).toBe(ids.alice);
  });
});
