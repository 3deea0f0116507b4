import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../../src/store/persistence/export-fixtures.js';
import { WorldFile } from '../../../src/store/persistence/persist.js';
import { worldData, worldState } from '../../../src/store/persistence/snapshot.js';
import { ids, testWorld, type TestWorld } from '../../support/helpers.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-api-economy-'));

async function aliceSigned() {
  const t = testWorld();
  const reply = await t.call('PUT', `/user/${ids.alice}/tilia/tos`, { cookie: await t.login('alice'), body: { accepted: true } });
  expect(reply.status).toBe(200);
  return t;
}

const aliceTos = async (t: TestWorld) =>
  (await t.call('GET', `/user/${ids.alice}/tilia/tos`, { cookie: await t.login('alice') })).body.signed_tos;

const aliceSubscriptions = async (t: TestWorld) =>
  (await t.call('GET', '/Steam/transactions', { cookie: await t.login('alice') })).body.map((x: { id: string }) => x.id);

describe('the account economy across a save', () => {
  it('signed Tilia terms and the transactions come back from a --db file', async () => {
    const t = await aliceSigned();
    const file = join(tempDir(), 'state.json');
    await new WorldFile(file, () => t.world).create();
    const again = testWorld();
    again.deps.worlds.load((await WorldFile.read(file))!);
    expect(await aliceTos(again)).toBe(true);
    expect(await aliceSubscriptions(again)).toEqual(await aliceSubscriptions(t));
  });

  it('signed Tilia terms come back from an exported fixture directory', async () => {
    const t = await aliceSigned();
    const dir = tempDir();
    writeFixtureDir(dir, worldData(t.world), worldState(t.world));
    const again = testWorld((data) => Object.assign(data, readFixtureDir(dir)), readFixtureState(dir));
    expect(await aliceTos(again)).toBe(true);
  });

  it('a reset brings back the default world, terms unsigned', async () => {
    const t = await aliceSigned();
    expect((await t.app.request('/_mock/reset', { method: 'POST' })).status).toBe(200);
    expect(await aliceTos(t)).toBe(false);
  });
});
