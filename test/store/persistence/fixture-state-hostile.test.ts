import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFixtureDir } from '../../../src/store/persistence/export-fixtures.js';
import { sandboxData, sandboxState } from '../../../src/store/persistence/snapshot.js';
import { bin, tempDir } from '../../support/db-cli.js';
import { testSandbox } from '../../support/helpers.js';

/** A fixtures directory as mock-api export writes it, alice's files reordered. */
async function exported() {
  const t = testSandbox();
  const cookie = await t.login('alice');
  const ids = ['file_f11e0000-0000-4000-8000-000000000001'];
  expect((await t.call('PUT', '/files/order', { cookie, body: { galleryId: 'ggal_any', ids } })).status).toBe(200);
  const dir = tempDir();
  writeFixtureDir(dir, sandboxData(t.sandbox), sandboxState(t.sandbox));
  return dir;
}

describe('a hostile state.json in a fixtures directory', () => {
  it.each([
    ['a file order that is a number', { fileOrder: 7 }, 'state.fileOrder: '],
    ['an owner whose file order is not a list of ids', { fileOrder: { $map: [['usr_x', [7]]] } }, 'state.fileOrder'],
    ['discovery that is a number', { discovery: 7 }, 'state.discovery: '],
  ])('%s: one line naming it, exit code 2, the file left as it was', async (_, part, named) => {
    const dir = await exported();
    const file = join(dir, 'state.json');
    const content = JSON.parse(readFileSync(file, 'utf8'));
    Object.assign(content.state, part);
    const bytes = JSON.stringify(content);
    writeFileSync(file, bytes);
    const result = spawnSync(process.execPath, [bin, 'start', '--port', '0', '--fixtures', dir], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^mock-api: invalid fixture ${file.replace(/[.\\/]/g, '\\$&')}: ${named}[^\\n]*\\n$`));
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });
});
