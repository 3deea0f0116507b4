import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const yearlyTxn = 'txn_a11ce000-0000-4000-8000-0000000d0001';
const monthlyTxn = 'txn_a11ce000-0000-4000-8000-0000000d0002';

describe('subscriptions', () => {
  it('lists what the world sells', async () => {
    const t = testSandbox();
    const list = (await t.call('GET', '/subscriptions', { cookie: await t.login('bob') })).body;
    expect(list.map((s: { id: string }) => s.id)).toEqual(['vrchatplus-monthly', 'vrchatplus-yearly']);
    expect(list[1]).toMatchObject({ description: 'VRChat Plus (Yearly)', amount: 9999, period: 'year', steamItemId: '5000', tier: 5 });
  });

  it('takes the gifts and recurring flags of the newer description, and refuses a flag that is no boolean', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const all = (await t.call('GET', '/subscriptions', { cookie: bob })).body;
    expect((await t.call('GET', '/subscriptions?gifts=true&recurring=false', { cookie: bob })).body).toEqual(all);
    const refused = await t.call('GET', '/subscriptions?gifts=maybe', { cookie: bob });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^gifts /);
  });

  it("shows alice's running subscription, not the one that ended", async () => {
    const t = testSandbox();
    const current = (await t.call('GET', '/auth/user/subscription', { cookie: await t.login('alice') })).body;
    expect(current).toEqual([
      expect.objectContaining({ id: 'vrchatplus-yearly', transactionId: yearlyTxn, active: true, status: 'active', store: 'Steam' }),
    ]);
    expect((await t.call('GET', '/auth/user/subscription', { cookie: await t.login('bob') })).body).toEqual([]);
  });

  it('a subscription past its end no longer shows as running', async () => {
    const t = testSandbox();
    t.sandbox.clock.set(Date.parse('2026-12-02T00:00:00.000Z'));
    const alice = await t.login('alice');
    expect((await t.call('GET', '/auth/user/subscription', { cookie: alice })).body).toEqual([]);
    expect((await t.call('GET', '/user/subscription/recent', { cookie: alice })).body).toMatchObject({
      id: 'vrchatplus-yearly',
      active: false,
      status: 'expired',
    });
  });

  it('the most recent subscription is the newest bought', async () => {
    const t = testSandbox();
    const recent = (await t.call('GET', '/user/subscription/recent', { cookie: await t.login('alice') })).body;
    expect(recent).toMatchObject({ id: 'vrchatplus-yearly', transactionId: yearlyTxn, expires: '2026-12-01T09:00:00.000Z' });
  });

  it('a user who never subscribed has no recent subscription', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/user/subscription/recent', { cookie: await t.login('bob') }), 404, "You don't have a subscription.");
  });
});

describe('subscription and credit eligibility', () => {
  it('a running subscription rules out buying another, not giving one', async () => {
    const t = testSandbox();
    const alice = (await t.call('GET', `/users/${ids.alice}/subscription/eligible`, { cookie: await t.login('alice') })).body;
    expect(alice).toMatchObject({ subscriptionEligible: false, purchaseEligible: false, giftEligible: true });
    const bob = (await t.call('GET', `/users/${ids.bob}/subscription/eligible`, { cookie: await t.login('bob') })).body;
    expect(bob).toMatchObject({ subscriptionEligible: true, purchaseEligible: true, giftEligible: true });
  });

  it("refuses to read another user's eligibility", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const message = "You can't see another user's economy data.";
    expectError(await t.call('GET', `/users/${ids.alice}/subscription/eligible`, { cookie: bob }), 403, message);
  });
});

describe('Steam transactions', () => {
  it("lists the requester's own transactions, newest first, with what each bought", async () => {
    const t = testSandbox();
    const list = (await t.call('GET', '/Steam/transactions', { cookie: await t.login('alice') })).body;
    expect(list.map((x: { id: string }) => x.id)).toEqual([yearlyTxn, monthlyTxn]);
    expect(list[0]).toMatchObject({
      userId: ids.alice,
      userDisplayName: 'Alice',
      status: 'active',
      subscription: { id: 'vrchatplus-yearly' },
      steam: { orderId: '7340001', walletInfo: { country: 'GB', currency: 'GBP' } },
    });
    expect((await t.call('GET', '/Steam/transactions', { cookie: await t.login('bob') })).body).toEqual([]);
  });

  it('reads one transaction as the list shows it', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const list = (await t.call('GET', '/Steam/transactions', { cookie: alice })).body;
    expect((await t.call('GET', `/Steam/transactions/${monthlyTxn}`, { cookie: alice })).body).toEqual(list[1]);
  });

  it("another user's transaction reads as missing", async () => {
    const t = testSandbox();
    expectError(
      await t.call('GET', `/Steam/transactions/${yearlyTxn}`, { cookie: await t.login('bob') }),
      404,
      `Transaction ${yearlyTxn} not found`,
    );
  });
});
