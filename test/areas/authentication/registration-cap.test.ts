import { describe, expect, it } from 'vitest';
import { register } from '../../../src/areas/authentication/accounts.js';
import { messages } from '../../../src/errors.js';
import { LIMITS } from '../../../src/limits.js';
import { expectError, testSandbox } from '../../support/helpers.js';
import { registrationBody } from '../../support/registration.js';

const registration = (name: string) => registrationBody({ username: name, email: `${name}@example.test` });

describe('registrations per world', () => {
  it(`stop at ${LIMITS.registrationsPerWorld.value} with 429; a reset starts the count again`, async () => {
    const t = testSandbox();
    const max = LIMITS.registrationsPerWorld.value;
    for (let i = 0; i < max - 1; i++) register(t.sandbox, registration(`filler${i}`));
    expect((await t.call('POST', '/auth/register', { body: registration('lastone') })).status).toBe(200);
    const refused = await t.call('POST', '/auth/register', { body: registration('oneover') });
    expectError(refused, 429, messages.tooManyRegistrations(max));
    expect(t.sandbox.userLogins.has('oneover')).toBe(false);
    await t.app.request('/_mock/reset', { method: 'POST' });
    expect((await t.call('POST', '/auth/register', { body: registration('oneover') })).status).toBe(200);
  }, 60_000);
});
