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

async function aliceSigned() {
  const t = testSandbox();
  const reply = await t.call('PUT', `/user/${ids.alice}/tilia/tos`, { cookie: await t.login('alice'), body: { accepted: true } });
  expect(reply.status).toBe(200);
  return t;
}

const aliceTos = async (t: TestSandbox) =>
  (await t.call('GET', `/user/${ids.alice}/tilia/tos`, { cookie: await t.login('alice') })).body.signed_tos;

const aliceSubscriptions = async (t: TestSandbox) =>
  (await t.call('GET', '/Steam/transactions', { cookie: await t.login('alice') })).body.map((x: { id: string }) => x.id);

describe('the account economy across a save', () => {
  it('signed Tilia terms and the transactions come back from a --db file', async () => {
    const t = await aliceSigned();
    const file = join(tempDir(), 'state.json');
    await new SandboxFile(file, () => t.sandbox).create();
    const again = testSandbox();
    again.deps.sandboxes.load((await SandboxFile.read(file))!);
    expect(await aliceTos(again)).toBe(true);
    expect(await aliceSubscriptions(again)).toEqual(await aliceSubscriptions(t));
  });

  it('signed Tilia terms come back from an exported fixture directory', async () => {
    const t = await aliceSigned();
    const dir = tempDir();
    writeFixtureDir(dir, sandboxData(t.sandbox), sandboxState(t.sandbox));
    const again = testSandbox((data) => Object.assign(data, readFixtureDir(dir)), readFixtureState(dir));
    expect(await aliceTos(again)).toBe(true);
  });

  it('a reset brings back the default world, terms unsigned', async () => {
    const t = await aliceSigned();
    expect((await t.app.request('/_mock/reset', { method: 'POST' })).status).toBe(200);
    expect(await aliceTos(t)).toBe(false);
  });
});
