import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../support/helpers.js';
import { liveMessage } from '../../src/live-messages.js';
import { messages } from '../../src/errors.js';

const UNKNOWN_GROUP = 'grp_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82';

describe('the fidelity profiles', () => {
  it('answers the seed plain Missing Credentials by default', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/auth/user'), 401, 'Missing Credentials');
  });

  it('answers the live service quotes under the live profile', async () => {
    const t = testSandbox((data) => void (data.settings.profile = 'live'));
    expectError(await t.call('GET', '/auth/user'), 401, '"Missing Credentials"');
  });

  it("answers the seed's status for updating an unknown group by default and the live one under live", async () => {
    const seed = testSandbox();
    expectError(
      await seed.call('PUT', `/groups/${UNKNOWN_GROUP}`, { cookie: await seed.login('alice'), body: {} }),
      404,
      messages.groupEntryNotFound,
    );
    const live = testSandbox((data) => void (data.settings.profile = 'live'));
    const reply = await live.call('PUT', `/groups/${UNKNOWN_GROUP}`, { cookie: await live.login('alice'), body: {} });
    expect(reply.status).toBe(400);
  });

  it('switches a running world with PATCH /_mock/settings', async () => {
    const t = testSandbox();
    const change = await t.app.request('/_mock/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"profile":"live"}',
    });
    expect(change.status).toBe(200);
    expect(((await change.json()) as { profile: string }).profile).toBe('live');
    expectError(await t.call('GET', '/auth/user'), 401, '"Missing Credentials"');
  });

  it('refuses a profile it does not know', async () => {
    const t = testSandbox();
    const change = await t.app.request('/_mock/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"profile":"staging"}',
    });
    expect(change.status).toBe(400);
    expectError(await t.call('GET', '/auth/user'), 401, 'Missing Credentials');
  });
});

describe('the live service characters', () => {
  it('writes a known message with its look-alike punctuation', () => {
    expect(liveMessage("You don't have permission.")).toBe("You don't have permission\u2024");
  });

  it('writes a field check with look-alike colon and comma', () => {
    expect(liveMessage("n must be a positive integer: '-1'")).toBe("n must be a positive integer\u02F8 '-1'");
  });

  it('leaves a message the live service writes plainly as it is', () => {
    expect(liveMessage('Group deleted!')).toBe('Group deleted!');
  });
});
