import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../src/areas/authentication/email.js';
import { expectError, testWorld } from '../support/helpers.js';

const registration = {
  username: 'evil1',
  password: 'password123',
  acceptedTOSVersion: 0,
  captchaCode: '',
  day: '1',
  month: '1',
  year: '2000',
  subscribe: false,
};

describe('regular expressions on request input', () => {
  it('refuses a 120 KB email of dots between two @ without freezing', async () => {
    const t = testWorld();
    const reply = await t.call('POST', '/auth/register', { body: { ...registration, email: `a@${'.'.repeat(120_000)}@` } });
    expectError(reply, 400, 'email must be at most 10000 characters long');
  });

  it('checks a 200,000-character address in one pass', () => {
    expect(isEmailAddress(`a@${'.'.repeat(200_000)}@`)).toBe(false);
    expect(isEmailAddress(`a@${'.'.repeat(200_000)}x`)).toBe(true);
  });

  it('reads a 100,000-character Authorization header that almost matches at once', async () => {
    const t = testWorld();
    const reply = await t.call('GET', '/auth/user', { headers: { authorization: `Basic ${'A'.repeat(100_000)}${' '.repeat(100)}!` } });
    expectError(reply, 401);
  });

  it('reads a 100,000-character instance location that almost matches at once', async () => {
    const t = testWorld();
    const cookie = await t.login('alice');
    const location = `wrld_a11ce000-0000-4000-8000-00000000b001:1~private(${'('.repeat(50_000)}${'x'.repeat(50_000)}`;
    const reply = await t.call('GET', `/instances/${encodeURIComponent(location)}`, { cookie });
    expect(reply.status).toBeLessThan(500);
  });

  it('keeps accepting and refusing addresses as before', () => {
    expect(isEmailAddress('dave@example.test')).toBe(true);
    for (const bad of ['dave@example', '@example.test', 'da ve@example.test', 'a@b@c.d', 'a@.test', 'a@b.']) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });
});
