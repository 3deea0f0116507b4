import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { shop } from './shop-fixtures.js';

const denied = 'You are not authorized to perform that action.';
const buyLantern = { listingId: shop.lanternListing, quantity: 1, totalPrice: 120 };

describe('purchases', () => {
  it("moves the buyer's tokens to the seller's earnings, with both histories and balances showing it", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const alice = await t.login('alice');
    expect((await t.call('GET', `/user/${ids.bob}/balance`, { cookie: bob })).body).toEqual({
      balance: 500,
      noTransactions: true,
      tiliaResponse: true,
    });
    const bought = await t.call('POST', '/economy/purchase/listing', { cookie: bob, body: buyLantern });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({
      buyerId: ids.bob,
      sellerId: ids.alice,
      listingId: shop.lanternListing,
      purchasePrice: 120,
      isBuyer: true,
      isSeller: false,
    });
    expect(bought.body.purchaseId).toMatch(/^pur_[0-9a-f-]{36}$/);
    expect((await t.call('GET', `/user/${ids.bob}/balance`, { cookie: bob })).body).toEqual({
      balance: 380,
      noTransactions: false,
      tiliaResponse: true,
    });
    expect((await t.call('GET', `/user/${ids.bob}/economy/balances`, { cookie: bob })).body).toEqual({
      balance: 380,
      standard: 380,
      earnings: 0,
    });
    expect((await t.call('GET', `/user/${ids.alice}/economy/balances`, { cookie: alice })).body).toEqual({
      balance: 410,
      standard: 50,
      earnings: 360,
    });
    const bobLines = (await t.call('GET', `/user/${ids.bob}/economy/transactions`, { cookie: bob })).body.transactions;
    expect(bobLines).toMatchObject([
      { amount: -120, balance: 380, purchaseId: bought.body.purchaseId, reasonLabel: 'purchase', listingDisplayName: 'Lantern Pack' },
    ]);
    const aliceLines = (await t.call('GET', `/user/${ids.alice}/economy/transactions`, { cookie: alice })).body.transactions;
    expect(aliceLines).toMatchObject([{ amount: 120, balance: 410, fromUserDisplayName: 'Bob', reasonLabel: 'sale' }]);
  });

  it('records the purchase and a licence to each product of the listing', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', '/economy/licenses/active', { cookie: bob })).body).toEqual([]);
    const { purchaseId } = (await t.call('POST', '/economy/purchase/listing', { cookie: bob, body: buyLantern })).body;
    expect((await t.call('GET', '/economy/licenses/active', { cookie: bob })).body).toEqual([
      { forAction: 'have', forId: shop.lanternProduct, forName: 'Garden Lantern', forType: 'product' },
    ]);
    const listed = await t.call('GET', `/economy/purchases?buyerId=${ids.bob}`, { cookie: bob });
    expect(listed.body.map((p: { purchaseId: string }) => p.purchaseId)).toEqual([purchaseId]);
    const read = await t.call('GET', `/economy/purchases/${purchaseId}`, { cookie: bob });
    expect(read.body.products).toMatchObject([{ id: shop.lanternProduct, displayName: 'Garden Lantern' }]);
    const stacks = await t.call('GET', `/economy/purchases/${purchaseId}/stacks`, { cookie: bob });
    expect(stacks.body).toMatchObject([{ purchaseId, productId: shop.lanternProduct, quantity: 1 }]);
    const seller = await t.call('GET', `/economy/purchases/${purchaseId}`, { cookie: await t.login('alice') });
    expect(seller.body).toMatchObject({ isSeller: true, isBuyer: false });
    expectError(await t.call('GET', `/economy/purchases/${purchaseId}`, { cookie: await t.login('frank') }), 404, 'Purchase not found');
  });

  it('refuses a purchase the balance does not cover and moves nothing', async () => {
    const t = testSandbox();
    const frank = await t.login('frank');
    expectError(
      await t.call('POST', '/economy/purchase/listing', { cookie: frank, body: buyLantern }),
      400,
      'Insufficient balance for this purchase',
    );
    expect((await t.call('GET', `/user/${ids.frank}/balance`, { cookie: frank })).body.balance).toBe(0);
    expect((await t.call('GET', `/economy/purchases?buyerId=${ids.frank}`, { cookie: frank })).body).toEqual([]);
    expect((await t.call('GET', `/user/${ids.alice}/economy/balances`, { cookie: await t.login('alice') })).body.earnings).toBe(240);
  });

  it('spends exactly the balance and then no more, even when asked at once', async () => {
    const t = testSandbox((data) => data.balances.push({ userId: ids.frank, standard: 240, earnings: 0 }));
    const frank = await t.login('frank');
    const replies = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', '/economy/purchase/listing', { cookie: frank, body: buyLantern })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 400]);
    expect((await t.call('GET', `/user/${ids.frank}/balance`, { cookie: frank })).body.balance).toBe(0);
  });

  it('refuses a wrong total, a listing off sale, a missing listing and a gift', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('POST', '/economy/purchase/listing', { cookie: bob, body: { ...buyLantern, totalPrice: 100 } }),
      400,
      "totalPrice does not match the listing's price",
    );
    expectError(
      await t.call('POST', '/economy/purchase/listing', {
        cookie: bob,
        body: { listingId: shop.supporterListing, quantity: 1, totalPrice: 300 },
      }),
      400,
      'This listing is not for sale',
    );
    expectError(
      await t.call('POST', '/economy/purchase/listing', {
        cookie: bob,
        body: { ...buyLantern, listingId: 'prod_00000000-0000-4000-8000-000000000000' },
      }),
      404,
      'Listing not found',
    );
    expectError(
      await t.call('POST', '/economy/purchase/listing', { cookie: bob, body: { ...buyLantern, receiverId: ids.eve } }),
      400,
      'receiverId must be the buyer: gifts are not simulated',
    );
    expect((await t.call('GET', `/user/${ids.bob}/balance`, { cookie: bob })).body.balance).toBe(500);
  });

  it("keeps each user's economy to themselves", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    for (const path of ['balance', 'economy/account', 'economy/balances', 'economy/transactions']) {
      expectError(await t.call('GET', `/user/${ids.alice}/${path}`, { cookie: bob }), 403, denied);
    }
    expectError(await t.call('GET', `/economy/purchases?buyerId=${ids.alice}`, { cookie: bob }), 403, denied);
    expect((await t.call('GET', `/user/${ids.bob}/economy/account`, { cookie: bob })).body).toMatchObject({
      userId: ids.bob,
      blocked: false,
      canSpend: true,
    });
  });
});

describe('licence groups', () => {
  it('reads a licence group and refuses an unknown one', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const r = await t.call('GET', `/licenseGroups/${shop.supportersGroup}`, { cookie: bob });
    expect(r.body).toEqual({
      id: shop.supportersGroup,
      name: 'Builders Guild Supporters',
      description: 'Everything a guild supporter may use.',
      licenses: [{ forAction: 'have', forId: shop.roleProduct, forName: 'Builders Badge Role', forType: 'product' }],
    });
    expectError(
      await t.call('GET', '/licenseGroups/lgrp_00000000-0000-4000-8000-000000000000', { cookie: bob }),
      404,
      'License group not found',
    );
  });
});

describe('snapshots', () => {
  it('a restore brings back the balances, listings and purchases of the snapshot', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.app.request('/_mock/snapshot', { method: 'POST' })).status).toBe(200);
    const { purchaseId } = (await t.call('POST', '/economy/purchase/listing', { cookie: bob, body: buyLantern })).body;
    await t.call('DELETE', `/listing/${shop.lanternListing}`, { cookie: await t.login('alice') });
    expect((await t.app.request('/_mock/restore', { method: 'POST' })).status).toBe(200);
    const again = await t.login('bob');
    expect((await t.call('GET', `/user/${ids.bob}/balance`, { cookie: again })).body.balance).toBe(500);
    expect((await t.call('GET', `/listing/${shop.lanternListing}`, { cookie: again })).status).toBe(200);
    expectError(await t.call('GET', `/economy/purchases/${purchaseId}`, { cookie: again }), 404, 'Purchase not found');
  });
});
