import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/limits.js';
import { testSandbox } from '../support/helpers.js';

describe('the live request stream: a client that does not read', () => {
  it(`is ended once entries past ${LIMITS.consoleStreamUnreadBytes.value} bytes wait for it, and the API keeps answering`, async () => {
    const t = testSandbox();
    const response = await t.app.request('/_mock/requests/stream');
    const body = { bio: 'b'.repeat(60 * 1024) };
    const requests = Math.ceil((2 * LIMITS.consoleStreamUnreadBytes.value) / (60 * 1024));
    for (let i = 0; i < requests; i++) await t.call('POST', '/auth/register', { body });
    expect((await t.call('GET', '/time')).status).toBe(200);
    // Only now does the client read: the stream was ended for it, so it reaches its end.
    const text = await response.text();
    const entries = text.split('\n').filter((line) => line.startsWith('data: {"'));
    expect(entries.length).toBeLessThan(requests);
  });
});
