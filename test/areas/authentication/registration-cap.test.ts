import { describe, expect, it } from 'vitest';
import { register } from '../../../src/areas/authentication/accounts.js';
import { messages } from '../../../src/errors.js';
import { LIMITS } from '../../../src/limits.js';
import { expectError, testSandbox } from '../../support/helpers.js';
import { registrationBody } from '../../support/registration.js';

const registration = (name: string) => registrationBody({ username: name, email: `${name}@example.test` });

/** A sandbox that has already taken `count` registrations, made without HTTP. */
function registeredTo(count: number) {
  const t = testSandbox();
  for (let i = 0; i < count; i++) register(t.sandbox, registration(`filler${i}`));
  return t;
}

describe('registrations per world', () => {
  const max = LIMITS.registrationsPerWorld.value;

  it(`refuse one past ${max} with 429, keeping nothing, until a reset starts the count again`, async () => {
    const t = registeredTo(max);
    expectError(await t.call('POST', '/auth/register', { body: registration('oneover') }), 429, messages.tooManyRegistrations(max));
    expect(t.sandbox.userLogins.has('oneover')).toBe(false);
    await t.app.request('/_mock/reset', { method: 'POST' });
    expect((await t.call('POST', '/auth/register', { body: registration('oneover') })).status).toBe(200);
  }, 60_000);

  it(`let registration ${max} through, and refuse the next one`, async () => {
    const t = registeredTo(max - 1);
    expect((await t.call('POST', '/auth/register', { body: registration('lastone') })).status).toBe(200);
    expect(t.sandbox.userLogins.has('lastone')).toBe(true);
    expectError(await t.call('POST', '/auth/register', { body: registration('oneover') }), 429, messages.tooManyRegistrations(max));
  }, 60_000);
});
