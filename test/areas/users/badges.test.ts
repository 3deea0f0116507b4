import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const earlyBuilder = 'bdg_a60e514a-8cb7-4702-8f24-2786992be1a8';
const groupFounder = 'bdg_a11ce000-0000-4000-8000-0000000bd002';

const badgeIdsOf = (body: { badges: { badgeId: string }[] }) => body.badges.map((b) => b.badgeId);

describe('PUT /users/{userId}/badges/{badgeId}', () => {
  it('shows a showcased badge on the profile at the next read, to the holder and to others', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect(badgeIdsOf((await t.call('GET', `/users/${ids.alice}`, { cookie: alice })).body)).toEqual([earlyBuilder]);
    const r = await t.call('PUT', `/users/${ids.alice}/badges/${groupFounder}`, { cookie: alice, body: { showcased: true } });
    expect(r.status).toBe(200);
    const seenByBob = (await t.call('GET', `/users/${ids.alice}`, { cookie: await t.login('bob') })).body;
    expect(badgeIdsOf(seenByBob)).toEqual([earlyBuilder, groupFounder]);
    expect(seenByBob.badges[1]).toMatchObject({
      badgeName: 'Group Founder',
      showcased: true,
      hidden: false,
      updatedAt: '2026-01-15T12:00:00.000Z',
    });
    expect(badgeIdsOf((await t.call('GET', `/users/${ids.alice}`, { cookie: alice })).body)).toEqual([earlyBuilder, groupFounder]);
  });

  it('takes a badge off the profile when it is hidden or no longer showcased', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    await t.call('PUT', `/users/${ids.alice}/badges/${earlyBuilder}`, { cookie: alice, body: { hidden: true } });
    expect(badgeIdsOf((await t.call('GET', `/users/${ids.alice}`, { cookie: alice })).body)).toEqual([]);
    await t.call('PUT', `/users/${ids.alice}/badges/${earlyBuilder}`, { cookie: alice, body: { hidden: false } });
    expect(badgeIdsOf((await t.call('GET', `/profile/${ids.alice}`, { cookie: alice })).body)).toEqual([earlyBuilder]);
    await t.call('PUT', `/users/${ids.alice}/badges/${earlyBuilder}`, { cookie: alice, body: { showcased: false } });
    expect(badgeIdsOf((await t.call('GET', `/profile/${ids.alice}`, { cookie: alice })).body)).toEqual([]);
  });

  it("refuses to change another user's badge", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('PUT', `/users/${ids.alice}/badges/${groupFounder}`, { cookie: bob, body: { showcased: true } }),
      403,
      'User ID must be your own\u2024',
    );
  });

  it('refuses a user who does not exist as another user, with 403, as the live service does', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('PUT', `/users/usr_00000000-0000-4000-8000-00000000dead/badges/${earlyBuilder}`, {
        cookie: bob,
        body: { showcased: true },
      }),
      403,
      'User ID must be your own\u2024',
    );
  });

  it('answers 404 for a badge the user does not hold', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('PUT', `/users/${ids.bob}/badges/${earlyBuilder}`, { cookie: bob, body: { showcased: true } }),
      404,
      `The user does not have the badge ${earlyBuilder}.`,
    );
  });

  it('refuses a field that is not a flag', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const r = await t.call('PUT', `/users/${ids.alice}/badges/${earlyBuilder}`, { cookie: alice, body: { showcased: 'yes' } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('showcased');
  });
});
