import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../../src/store/persistence/export-fixtures.js';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { sandboxData, sandboxState } from '../../../src/store/persistence/snapshot.js';
import { ids, testSandbox, type TestSandbox } from '../../support/helpers.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-api-economy-'));

// No operation writes a provider account since the live service retired the terms (src/operations/retired.ts):
// a world's own accounts, put through the control plane, are what a save must keep.
async function eveWithAccount() {
  const t = testSandbox();
  const reply = await t.app.request('/_mock/records/tiliaAccounts', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: ids.eve, accountId: 'acct_2e0eRz9C5xbJWrhI5RLWPnwDLMe', signedTos: true }),
  });
  expect(reply.status).toBe(200);
  return t;
}

const eveKyc = async (t: TestSandbox) => {
  const reply = await t.call('GET', `/user/${ids.eve}/tilia/kyc`, { cookie: await t.login('eve') });
  return reply.status === 200 ? reply.body.account_id : reply.status;
};

const aliceSubscriptions = async (t: TestSandbox) =>
  (await t.call('GET', '/Steam/transactions', { cookie: await t.login('alice') })).body.map((x: { id: string }) => x.id);

describe('the account economy across a save', () => {
  it('a Tilia account and the transactions come back from a --db file', async () => {
    const t = await eveWithAccount();
    const file = join(tempDir(), 'state.json');
    await new SandboxFile(file, () => t.sandbox).create();
    const again = testSandbox();
    again.deps.sandboxes.load((await SandboxFile.read(file))!);
    expect(await eveKyc(again)).toBe('acct_2e0eRz9C5xbJWrhI5RLWPnwDLMe');
    expect(await aliceSubscriptions(again)).toEqual(await aliceSubscriptions(t));
  });

  it('a Tilia account comes back from an exported fixture directory', async () => {
    const t = await eveWithAccount();
    const dir = tempDir();
    writeFixtureDir(dir, sandboxData(t.sandbox), sandboxState(t.sandbox));
    const again = testSandbox((data) => Object.assign(data, readFixtureDir(dir)), readFixtureState(dir));
    expect(await eveKyc(again)).toBe('acct_2e0eRz9C5xbJWrhI5RLWPnwDLMe');
  });

  it('a reset brings back the default world, without that account', async () => {
    const t = await eveWithAccount();
    expect((await t.app.request('/_mock/reset', { method: 'POST' })).status).toBe(200);
    expect(await eveKyc(t)).toBe(400);
  });
});
