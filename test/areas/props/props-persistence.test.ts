import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { testSandbox } from '../../support/helpers.js';

const draftChair = 'prop_a11ce000-0000-4000-8000-00000000e102';

describe('a changed prop', () => {
  it('comes back published and renamed from a --db file', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    await t.call('PUT', `/props/${draftChair}`, { cookie: alice, body: { name: 'Finished Chair' } });
    await t.call('PUT', `/props/${draftChair}/publish`, { cookie: alice });
    const file = join(mkdtempSync(join(tmpdir(), 'mock-api-props-')), 'state.json');
    await new SandboxFile(file, () => t.sandbox).create();
    const again = testSandbox();
    again.deps.sandboxes.load((await SandboxFile.read(file))!);
    const r = await again.call('GET', `/props/${draftChair}`, { cookie: await again.login('bob') });
    expect(r.body).toMatchObject({ name: 'Finished Chair', releaseStatus: 'public' });
  });
});
