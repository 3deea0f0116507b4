import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { testSandbox } from '../../support/helpers.js';

const winter = 'jam_00000000-0000-4000-8000-00000000e301';

describe('a jam submission', () => {
  it('comes back from a --db file', async () => {
    const t = testSandbox();
    const body = { contentId: 'wrld_a11ce000-0000-4000-8000-00000000b006', description: 'Sand and snow.' };
    const made = (await t.call('POST', `/jams/${winter}/submissions`, { cookie: await t.login('alice'), body })).body;
    const file = join(mkdtempSync(join(tmpdir(), 'mock-api-jams-')), 'state.json');
    await new SandboxFile(file, () => t.sandbox).create();
    const again = testSandbox();
    again.deps.sandboxes.load((await SandboxFile.read(file))!);
    const listed = (
      await again.call('GET', `/jams/${winter}/submissions?contentId=${body.contentId}`, { cookie: await again.login('bob') })
    ).body;
    expect(listed).toEqual([made]);
  });
});
