import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { shop } from './shop-fixtures.js';

const statusPath = (userId: string) => `/user/${userId}/economy/payouts/status`;

/** Bob with enough earnings and his pending payout finished long ago: nothing stands in the way of a payout. */
const eligibleBob = () =>
  testSandbox((data) => {
    data.balances.find((b) => b.userId === ids.bob)!.earnings = 15_000;
    for (const payout of data.payouts) Object.assign(payout, { status: 'completed', created: '2025-11-01T10:00:00.000Z' });
  });

describe('GET /user/{userId}/economy/payouts/status', () => {
  it('shows the payout under way, which keeps a new one from starting', async () => {
    const t = testSandbox();
    const status = (await t.call('GET', statusPath(ids.bob), { cookie: await t.login('bob') })).body;
    expect(status).toMatchObject({
      tiliaId: 'acct_2b0bRz9C5xbJWrhI5RLWPnwDLMb',
      activePayout: { paymentOutId: 5002, paymentAmountTokens: 12000, paymentStatus: 'pending' },
      activePayoutCancellable: true,
      activePayoutTiliaAmount: 6000,
      earningsBalance: 0,
      payoutEligible: false,
      eligibility: { okStanding: true, okNotOngoing: false, okFrequency: false, okBalance: false, issue: 'A payout is already under way.' },
    });
    expect(Number.isInteger(status.accountId)).toBe(true);
  });

  it('says a payout may start when the account stands well, none is under way or recent, and enough is earned', async () => {
    const t = eligibleBob();
    const status = (await t.call('GET', statusPath(ids.bob), { cookie: await t.login('bob') })).body;
    expect(status).toMatchObject({
      activePayout: null,
      activePayoutCancellable: false,
      activePayoutTiliaAmount: 0,
      earningsBalance: 15_000,
      payoutEligible: true,
      eligibility: { okStanding: true, okNotOngoing: true, okFrequency: true, okBalance: true, issue: '' },
    });
  });

  it('names the unsigned terms first for a seller whose provider account is not set up', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const status = (await t.call('GET', statusPath(ids.alice), { cookie: alice })).body;
    expect(status.eligibility).toEqual({
      okStanding: false,
      okNotOngoing: true,
      okFrequency: true,
      okBalance: false,
      issue: 'Your payment account must accept the terms and pass its identity check.',
    });
    expect(status.earningsBalance).toBe(240);
  });

  it("shows a sale's earnings in the seller's next status", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    await t.call('POST', '/economy/purchase/listing', {
      cookie: await t.login('bob'),
      body: { listingId: shop.lanternListing, quantity: 1, totalPrice: 120 },
    });
    expect((await t.call('GET', statusPath(ids.alice), { cookie: alice })).body.earningsBalance).toBe(360);
  });

  it('refuses a user who never opened a provider account (400), rather than making one up', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', statusPath(ids.eve), { cookie: await t.login('eve') }), 400, 'Invalid account state');
    expect(t.sandbox.tiliaAccounts.has(ids.eve)).toBe(false);
  });

  it("refuses another user's payout status", async () => {
    const t = testSandbox();
    expectError(
      await t.call('GET', statusPath(ids.bob), { cookie: await t.login('alice') }),
      403,
      "You can't see another user's economy data.",
    );
  });
});
