import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { shop } from './shop-fixtures.js';

const metrics = (query: string) => `/economy/metrics/earnings?sellerId=${ids.alice}${query}`;

/** The default world with alice's supporter subscription on sale and bob with tokens enough for both listings. */
const withSubscriptionOnSale = () =>
  testSandbox((data) => {
    data.listings.find((l) => l.id === shop.supporterListing)!.active = true;
    data.balances.find((b) => b.userId === ids.bob)!.standard = 1000;
  });

describe('GET /economy/metrics/earnings', () => {
  it("totals the seller's sales, one-time and subscriptions apart, and breaks them down by day", async () => {
    const t = withSubscriptionOnSale();
    expect((await t.call('GET', metrics(''), { cookie: await t.login('alice') })).body).toEqual({
      sellerId: ids.alice,
      totals: { otpEarnings: 0, otpPurchaseCount: 0, subscriberEarnings: 0, subscriberMonths: 0, totalEarnings: 0 },
      breakdown: [],
    });
    const bob = await t.login('bob');
    await t.call('POST', '/economy/purchase/listing', {
      cookie: bob,
      body: { listingId: shop.lanternListing, quantity: 2, totalPrice: 240 },
    });
    t.clock.advance(86_400_000);
    await t.call('POST', '/economy/purchase/listing', {
      cookie: await t.login('bob'),
      body: { listingId: shop.supporterListing, quantity: 1, totalPrice: 300 },
    });
    const alice = await t.login('alice');
    const body = (await t.call('GET', metrics(''), { cookie: alice })).body;
    expect(body.totals).toEqual({
      otpEarnings: 240,
      otpPurchaseCount: 1,
      subscriberEarnings: 300,
      subscriberMonths: 1,
      totalEarnings: 540,
    });
    expect(body.breakdown).toEqual([
      {
        date: '2026-01-15T00:00:00.000Z',
        otpEarnings: 240,
        otpPurchaseCount: 1,
        subscriberEarnings: 0,
        subscriberMonths: 0,
        totalEarnings: 240,
      },
      {
        date: '2026-01-16T00:00:00.000Z',
        otpEarnings: 0,
        otpPurchaseCount: 0,
        subscriberEarnings: 300,
        subscriberMonths: 1,
        totalEarnings: 300,
      },
    ]);
    const yearly = (await t.call('GET', metrics('&groupByDuration=years'), { cookie: alice })).body.breakdown;
    expect(yearly).toEqual([expect.objectContaining({ date: '2026-01-01T00:00:00.000Z', totalEarnings: 540 })]);
  });

  it('counts only the sales within the range; a date alone as its end takes in the whole day', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    await t.call('POST', '/economy/purchase/listing', {
      cookie: await t.login('bob'),
      body: { listingId: shop.lanternListing, quantity: 1, totalPrice: 120 },
    });
    const total = async (query: string) => (await t.call('GET', metrics(query), { cookie: alice })).body.totals.totalEarnings;
    expect(await total('&metricDateStart=2026-01-15&metricDateEnd=2026-01-15')).toBe(120);
    expect(await total('&metricDateStart=2026-01-16T00:00:00.000Z')).toBe(0);
    expect(await total('&metricDateEnd=2026-01-14T23:59:59.999Z')).toBe(0);
  });

  it("refuses another seller's earnings", async () => {
    const t = testSandbox();
    const reply = await t.call('GET', `/economy/metrics/earnings?sellerId=${ids.alice}`, { cookie: await t.login('bob') });
    expectError(reply, 403, "You can't see another seller's earnings.");
  });

  it("without a sellerId reads the requester's own earnings, as the live service does", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const reply = await t.call('GET', '/economy/metrics/earnings', { cookie: alice });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual((await t.call('GET', metrics(''), { cookie: alice })).body);
    expect(reply.body.sellerId).toBe(ids.alice);
    expect((await t.call('GET', '/economy/metrics/earnings', { cookie: await t.login('bob') })).body.sellerId).toBe(ids.bob);
  });

  it('names each invalid input', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(
      await t.call('GET', metrics('&metricDateStart=yesterday&groupByDuration=weeks'), { cookie: alice }),
      400,
      'metricDateStart must be a date or an ISO timestamp, groupByDuration must be one of days, months, years',
    );
  });
});
