import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

describe('payouts', () => {
  it("lists the user's payouts, newest first", async () => {
    const t = testSandbox();
    const body = (await t.call('GET', `/user/${ids.bob}/economy/payouts/list`, { cookie: await t.login('bob') })).body;
    expect(body.payouts.map((p: { paymentOutId: number }) => p.paymentOutId)).toEqual([5002, 5001]);
    expect(body.payouts[1]).toMatchObject({
      paymentAmountTokens: 20000,
      paymentAmountUsd: 10000,
      paymentStatus: 'completed',
      paymentPlatform: 'Tilia',
    });
    expect((await t.call('GET', `/user/${ids.alice}/economy/payouts/list`, { cookie: await t.login('alice') })).body).toEqual({
      payouts: [],
    });
  });

  it("refuses another user's payouts", async () => {
    const t = testSandbox();
    const reply = await t.call('GET', `/user/${ids.bob}/economy/payouts/list`, { cookie: await t.login('alice') });
    expectError(reply, 403, "You can't see another user's economy data.");
  });
});

describe('token bundles and bulk gifts', () => {
  it('lists the token bundles for sale', async () => {
    const t = testSandbox();
    const bundles = (await t.call('GET', '/tokenBundles', { cookie: await t.login('bob') })).body;
    expect(bundles.map((b: { id: string; tokens: number }) => [b.id, b.tokens])).toEqual([
      ['tokens-1200', 1200],
      ['tokens-6500', 6500],
    ]);
  });

  it("lists the requester's bulk gift purchases and what is left of them", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const gifts = (await t.call('GET', '/user/bulk/gift/purchases?mostRecent=true', { cookie: alice })).body;
    expect(gifts).toEqual([
      expect.objectContaining({
        userId: ids.alice,
        quantity: 5,
        redeemed: 2,
        remaining: 3,
        subscription: expect.objectContaining({ id: 'vrchatplus-monthly' }),
      }),
    ]);
    expect((await t.call('GET', '/user/bulk/gift/purchases', { cookie: await t.login('bob') })).body).toEqual([]);
  });

  it('refuses a mostRecent that is not a boolean', async () => {
    const t = testSandbox();
    expectError(
      await t.call('GET', '/user/bulk/gift/purchases?mostRecent=soon', { cookie: await t.login('alice') }),
      400,
      'mostRecent must be a boolean',
    );
  });
});
