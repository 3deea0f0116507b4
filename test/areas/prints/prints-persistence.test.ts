import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../../src/store/persistence/export-fixtures.js';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { sandboxData, sandboxState } from '../../../src/store/persistence/snapshot.js';
import { ids, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { alicesPrint, bytesAt, png } from '../../support/prints-fixtures.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-api-prints-'));

async function expectPrintIn(t: TestSandbox, print: { id: string; files: { image: string } }, image: Uint8Array) {
  const cookie = await t.login('alice');
  expect((await t.call('GET', `/prints/${print.id}`, { cookie })).body).toEqual(print);
  expect((await t.call('GET', `/prints/user/${ids.alice}`, { cookie })).body.map((p: { id: string }) => p.id)).toEqual([print.id]);
  expect((await bytesAt(t, cookie, print.files.image)).bytes).toEqual(image);
}

describe('an uploaded print', () => {
  it('comes back with its image from a --db file', async () => {
    const t = testSandbox();
    const image = png(3, 1, 4);
    const { print } = await alicesPrint(t, image);
    const file = join(tempDir(), 'state.json');
    await new SandboxFile(file, () => t.sandbox).create();
    const again = testSandbox();
    again.deps.sandboxes.load((await SandboxFile.read(file))!);
    await expectPrintIn(again, print, image);
  });

  it('comes back with its image from an exported fixture directory', async () => {
    const t = testSandbox();
    const image = png(2, 7, 1);
    const { print } = await alicesPrint(t, image);
    const dir = tempDir();
    writeFixtureDir(dir, sandboxData(t.sandbox), sandboxState(t.sandbox));
    const again = testSandbox((data) => Object.assign(data, readFixtureDir(dir)), readFixtureState(dir));
    await expectPrintIn(again, print, image);
  });

  it('is gone after a reset to the default world', async () => {
    const t = testSandbox();
    const { print } = await alicesPrint(t);
    expect((await t.app.request('/_mock/reset', { method: 'POST' })).status).toBe(200);
    expect((await t.call('GET', `/prints/${print.id}`, { cookie: await t.login('alice') })).status).toBe(404);
  });
});
