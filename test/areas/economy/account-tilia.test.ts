import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

describe('Tilia terms of service', () => {
  it('accepting the terms makes the next read say signed_tos: true', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('GET', `/user/${ids.alice}/tilia/tos`, { cookie: alice })).body).toEqual({ signed_tos: false });
    const put = await t.call('PUT', `/user/${ids.alice}/tilia/tos`, { cookie: alice, body: { accepted: true } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ signed_tos: true });
    expect((await t.call('GET', `/user/${ids.alice}/tilia/tos`, { cookie: alice })).body).toEqual({ signed_tos: true });
  });

  it('withdrawing the signature makes the next read say signed_tos: false', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', `/user/${ids.bob}/tilia/tos`, { cookie: bob })).body).toEqual({ signed_tos: true });
    await t.call('PUT', `/user/${ids.bob}/tilia/tos`, { cookie: bob, body: { accepted: false } });
    expect((await t.call('GET', `/user/${ids.bob}/tilia/tos`, { cookie: bob })).body).toEqual({ signed_tos: false });
  });

  it('a user who never dealt with the provider reads as not signed', async () => {
    const t = testSandbox();
    expect((await t.call('GET', `/user/${ids.eve}/tilia/tos`, { cookie: await t.login('eve') })).body).toEqual({ signed_tos: false });
  });

  it("refuses to read another user's terms", async () => {
    const t = testSandbox();
    const reply = await t.call('GET', `/user/${ids.bob}/tilia/tos`, { cookie: await t.login('alice') });
    expectError(reply, 403, "You can't see another user's economy data.");
  });

  it('refuses to accept the terms for another user, and theirs stay unsigned', async () => {
    const t = testSandbox();
    const reply = await t.call('PUT', `/user/${ids.eve}/tilia/tos`, { cookie: await t.login('alice'), body: { accepted: true } });
    expectError(reply, 403, "You can't accept the Tilia terms for another user.");
    expect((await t.call('GET', `/user/${ids.eve}/tilia/tos`, { cookie: await t.login('eve') })).body).toEqual({ signed_tos: false });
  });

  it('refuses a body without accepted', async () => {
    const t = testSandbox();
    const reply = await t.call('PUT', `/user/${ids.alice}/tilia/tos`, { cookie: await t.login('alice'), body: { accepted: 'yes' } });
    expectError(reply, 400, 'accepted must be a boolean');
  });

  it('asks for a session', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', `/user/${ids.alice}/tilia/tos`), 401, 'Missing Credentials');
  });
});

describe('Tilia KYC and seller eligibility', () => {
  it("reads the user's own KYC state", async () => {
    const t = testSandbox();
    const kyc = (await t.call('GET', `/user/${ids.bob}/tilia/kyc`, { cookie: await t.login('bob') })).body;
    expect(kyc).toMatchObject({
      account_id: 'acct_2b0bRz9C5xbJWrhI5RLWPnwDLMb',
      kyc_id: 'kyc_2tDKpjafhPTG729ceA2oIcsQlWA',
      state: 'ACCEPT',
      pii_level: 'FULL',
    });
  });

  it("refuses another user's KYC", async () => {
    const t = testSandbox();
    expectError(
      await t.call('GET', `/user/${ids.bob}/tilia/kyc`, { cookie: await t.login('alice') }),
      403,
      "You can't see another user's economy data.",
    );
  });

  it('a seller needs signed terms and a passed KYC check', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expect((await t.call('GET', '/economy/seller/eligibility', { cookie: bob })).body).toEqual({ eligible: true });
    expect((await t.call('GET', '/economy/seller/eligibility', { cookie: await t.login('alice') })).body).toEqual({ eligible: false });
    await t.call('PUT', `/user/${ids.bob}/tilia/tos`, { cookie: bob, body: { accepted: false } });
    expect((await t.call('GET', '/economy/seller/eligibility', { cookie: bob })).body).toEqual({ eligible: false });
  });

  it('the economy is online', async () => {
    const t = testSandbox();
    expect((await t.call('GET', '/tilia/status', { cookie: await t.login('alice') })).body).toMatchObject({ economyOnline: true });
  });
});
