import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

describe('GET /user/{userId}/tilia/kyc', () => {
  it("reads the user's own KYC state", async () => {
    const t = testSandbox();
    const kyc = (await t.call('GET', `/user/${ids.bob}/tilia/kyc`, { cookie: await t.login('bob') })).body;
    expect(kyc).toMatchObject({
      account_id: 'acct_2b0bRz9C5xbJWrhI5RLWPnwDLMb',
      kyc_id: 'kyc_2tDKpjafhPTG729ceA2oIcsQlWA',
      kyc_requirements: 'NONE',
      state: 'ACCEPT',
      pii_level: 'FULL',
    });
  });

  it('a provider account not yet checked still needs its KYC', async () => {
    const t = testSandbox();
    const kyc = (await t.call('GET', `/user/${ids.alice}/tilia/kyc`, { cookie: await t.login('alice') })).body;
    expect(kyc).toMatchObject({ account_id: 'acct_2YYRz9C5xbJWrhI5RLWPnwDLMyq', kyc_requirements: 'KYC_REQUIRED', state: 'NONE' });
  });

  it('refuses a user who never opened a provider account (400), rather than making one up', async () => {
    const t = testSandbox();
    const eve = await t.login('eve');
    expectError(await t.call('GET', `/user/${ids.eve}/tilia/kyc`, { cookie: eve }), 400, 'Account invalid');
    expect(t.sandbox.tiliaAccounts.has(ids.eve)).toBe(false);
  });

  it('answers once the user has an account', async () => {
    const t = testSandbox();
    const eve = await t.login('eve');
    expect((await t.call('GET', `/user/${ids.eve}/tilia/kyc`, { cookie: eve })).status).toBe(400);
    const put = await t.app.request('/_mock/records/tiliaAccounts', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: ids.eve, accountId: 'acct_2e0eRz9C5xbJWrhI5RLWPnwDLMe' }),
    });
    expect(put.status).toBe(200);
    expect((await t.call('GET', `/user/${ids.eve}/tilia/kyc`, { cookie: eve })).body).toMatchObject({
      account_id: 'acct_2e0eRz9C5xbJWrhI5RLWPnwDLMe',
    });
  });

  it("refuses another user's KYC before looking for their account", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', `/user/${ids.bob}/tilia/kyc`, { cookie: alice }), 403, "You can't see another user's economy data.");
    expectError(await t.call('GET', `/user/${ids.eve}/tilia/kyc`, { cookie: alice }), 403, "You can't see another user's economy data.");
  });
});

describe("Tilia's status and terms, and seller eligibility", () => {
  // The live service retired them (src/operations/retired.ts); test/operations/retired.test.ts covers the answer.
  it('answer the retired 404 to a user with a provider account too', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    for (const [method, path] of [
      ['GET', '/tilia/status'],
      ['GET', `/user/${ids.bob}/tilia/tos`],
      ['PUT', `/user/${ids.bob}/tilia/tos`],
      ['GET', '/economy/seller/eligibility'],
    ] as const) {
      const reply = await t.call(method, path, { cookie: bob, body: method === 'PUT' ? { accepted: false } : undefined });
      expect([reply.status, reply.body]).toEqual([
        404,
        { error: "The endpoint you're looking for is not implemented by our system.", status_code: 404 },
      ]);
    }
    expect(t.sandbox.tiliaAccounts.get(ids.bob)?.signedTos).toBe(true);
  });
});
