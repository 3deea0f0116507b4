import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorldFile } from '../../../src/store/persistence/persist.js';
import { testWorld } from '../../support/helpers.js';

const winter = 'jam_00000000-0000-4000-8000-00000000e301';

describe('a jam submission', () => {
  it('comes back from a --db file', async () => {
    const t = testWorld();
    const body = { contentId: 'wrld_a11ce000-0000-4000-8000-00000000b006', description: 'Sand and snow.' };
    const made = (await t.call('POST', `/jams/${winter}/submissions`, { cookie: await t.login('alice'), body })).body;
    const file = join(mkdtempSync(join(tmpdir(), 'mock-api-jams-')), 'state.json');
    await new WorldFile(file, () => t.world).create();
    const again = testWorld();
    again.deps.worlds.load((await WorldFile.read(file))!);
    const listed = (
      await again.call('GET', `/jams/${winter}/submissions?contentId=${body.contentId}`, { cookie: await again.login('bob') })
    ).body;
    expect(listed).toEqual([made]);
  });
});
