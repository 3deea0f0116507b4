import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../support/helpers.js';
import { control } from '../support/control-call.js';

const outOfRange = 'The clock must stay between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z';

describe('POST /_mock/clock bounds', () => {
  for (const change of [{ advanceMinutes: 1e12 }, { advanceMs: 9007199254740991 }, { advanceMinutes: 1e308 }]) {
    it(`refuses ${JSON.stringify(change)} and the world keeps answering`, async () => {
      const t = testSandbox();
      expectError(await control(t, 'POST', '/clock', change), 400, outOfRange);
      expect((await control(t, 'GET', '/clock')).body).toEqual({ now: '2026-01-15T12:00:00.000Z' });
      const cookie = await t.login('alice');
      expect((await t.call('GET', '/auth/user', { cookie })).status).toBe(200);
    });
  }

  it('still moves to the last millisecond of year 9999', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/clock', { set: '9999-12-31T23:59:59.999Z' });
    expect(reply.body).toEqual({ now: '9999-12-31T23:59:59.999Z' });
  });
});
