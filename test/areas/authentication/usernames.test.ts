import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { messages } from '../../../src/errors.js';
import { expectError, testSandbox } from '../../support/helpers.js';
import { registrationBody } from '../../support/registration.js';

const registration = registrationBody({ email: 'new@example.test' });

const register = (t: ReturnType<typeof testSandbox>, username: string, email = registration.email) =>
  t.call('POST', '/auth/register', { body: { ...registration, username, email } });

const notAllowed = 'username must be letters, digits, _ or - only';

describe('usernames', () => {
  it('refuse a full-width look-alike of a taken name as taken', async () => {
    const t = testSandbox();
    expectError(await register(t, 'ａｌｉｃｅ'), 400, messages.usernameTaken);
  });

  for (const [what, username] of [
    ['a Cyrillic look-alike', 'аlice'],
    ['a zero-width space', 'ali\u200bce'],
    ['a NUL', 'ali\u0000ce'],
    ['a newline', 'ali\nce'],
    ['a right-to-left override', 'ali\u202ece'],
    ['only spaces', '      '],
    ['a composed ë', 'zo\u00eb1'],
    ['a decomposed ë', 'zoe\u03081'],
  ] as const) {
    it(`refuse a name with ${what}`, async () => {
      const t = testSandbox();
      expectError(await register(t, username), 400, notAllowed);
    });
  }

  it('log in with a full-width spelling of the name', async () => {
    const t = testSandbox();
    const reply = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('ａｌｉｃｅ', 'alice-password') } });
    expect(reply.status).toBe(200);
    expect(reply.body.username).toBe('alice');
  });

  it('still accept letters, digits, _ and -', async () => {
    const t = testSandbox();
    expect((await register(t, 'Dave_the-2nd')).status).toBe(200);
  });
});
