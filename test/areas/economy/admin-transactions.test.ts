import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../../support/helpers.js';

const yearlyTxn = 'txn_a11ce000-0000-4000-8000-0000000d0001';
const monthlyTxn = 'txn_a11ce000-0000-4000-8000-0000000d0002';

describe('GET /Admin/transactions', () => {
  it("shows an admin every transaction of the world, newest first, as its owner's list shows it", async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    const list = await t.call('GET', '/Admin/transactions', { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([yearlyTxn, monthlyTxn]);
    const owners = (await t.call('GET', '/Steam/transactions', { cookie: await t.login('alice') })).body;
    expect(list.body).toEqual(owners);
    expect((await t.call('GET', `/Admin/transactions/${monthlyTxn}`, { cookie: admin })).body).toEqual(list.body[1]);
  });

  it('refuses a user who is no admin with 403, even for their own transaction', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', '/Admin/transactions', { cookie: alice }), 403, 'Invalid Admin Credentials');
    expectError(await t.call('GET', `/Admin/transactions/${yearlyTxn}`, { cookie: alice }), 403, 'Invalid Admin Credentials');
  });

  it('answers 401 without a session and 404 to an admin for an unknown transaction', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/Admin/transactions'), 401, 'Missing Credentials');
    const unknown = 'txn_00000000-0000-4000-8000-000000000000';
    expectError(
      await t.call('GET', `/Admin/transactions/${unknown}`, { cookie: await t.login('admin') }),
      404,
      `Transaction ${unknown} not found`,
    );
  });
});
