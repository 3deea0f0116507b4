import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { expectError, ids, passwords, testSandbox } from '../../support/helpers.js';

const basic = (login: string) => ({ authorization: encodeBasic(login, passwords.alice!) });

describe('logging in by email after the address changed', () => {
  it('refuses the old address and logs in with the new one', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const changed = await t.call('PUT', `/users/${ids.alice}`, {
      cookie,
      body: { email: 'alicia@example.test', currentPassword: passwords.alice },
    });
    expect(changed.status).toBe(200);
    expectError(await t.call('GET', '/auth/user', { headers: basic('alice@example.test') }), 401, 'Missing Credentials');
    const fresh = await t.call('GET', '/auth/user', { headers: basic('alicia@example.test') });
    expect(fresh.status).toBe(200);
    expect(fresh.body.id).toBe(ids.alice);
  });

  it('frees the old address for a new account', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    await t.call('PUT', `/users/${ids.alice}`, { cookie, body: { email: 'alicia@example.test', currentPassword: passwords.alice } });
    const bob = await t.login('bob');
    const taken = await t.call('PUT', `/users/${ids.bob}`, {
      cookie: bob,
      body: { email: 'alice@example.test', currentPassword: passwords.bob },
    });
    expect(taken.status).toBe(200);
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('alice@example.test', passwords.bob!) } });
    expect(login.body.id).toBe(ids.bob);
  });
});
