import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, readFixtureState } from '../../src/store/fixtures/fixture-dir.js';
import { writeFixtureDir } from '../../src/store/persistence/export-fixtures.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { sandboxData, sandboxState } from '../../src/store/persistence/snapshot.js';
import { ids, testSandbox, type TestSandbox } from '../support/helpers.js';

const newAvatar = 'avtr_c38a1615-5bf5-42b4-84eb-a8b6c37cbd11';
const review = 'arev_a11ce000-0000-4000-8000-0000000ae001';
const groupFounder = 'bdg_a11ce000-0000-4000-8000-0000000bd002';
const aliceWorld = 'wrld_a11ce000-0000-4000-8000-00000000b001';

/** Badges, persistence, an agreement and review notes changed through the API. */
async function changedSandbox() {
  const t = testSandbox();
  const alice = await t.login('alice');
  expect((await t.call('PUT', `/users/${ids.alice}/badges/${groupFounder}`, { cookie: alice, body: { showcased: true } })).status).toBe(
    200,
  );
  expect((await t.call('DELETE', `/users/${ids.alice}/${aliceWorld}/persist`, { cookie: alice })).status).toBe(200);
  const body = { agreementCode: 'content.copyright.owned', agreementFulltext: 'I own it.', contentId: newAvatar, version: 1 };
  expect((await t.call('POST', '/agreement', { cookie: alice, body })).status).toBe(200);
  expect((await t.call('PUT', `/assetReview/${review}/notes`, { cookie: alice, body: { reviewNotes: 'see the readme' } })).status).toBe(
    200,
  );
  return t;
}

async function expectChangesIn(t: TestSandbox) {
  const alice = await t.login('alice');
  const profile = (await t.call('GET', `/users/${ids.alice}`, { cookie: alice })).body;
  expect(profile.badges.map((b: { badgeId: string }) => b.badgeId)).toContain(groupFounder);
  expect((await t.call('GET', `/users/${ids.alice}/${aliceWorld}/persist/exists`, { cookie: alice })).status).toBe(404);
  const status = `/agreement?agreementCode=content.copyright.owned&contentId=${newAvatar}&version=1`;
  expect((await t.call('GET', status, { cookie: alice })).body.agreed).toBe(true);
  expect(t.sandbox.assetReviews.get(review)!.reviewNotes).toBe('see the readme');
  expect((await t.call('GET', '/auth/permissions', { cookie: alice })).body).toHaveLength(2);
}

describe('badges, persistence, agreements and review notes', () => {
  it('come back from a --db file', async () => {
    const t = await changedSandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'mock-api-extras-')), 'state.json');
    await new SandboxFile(file, () => t.sandbox).create();
    const again = testSandbox();
    again.deps.sandboxes.load((await SandboxFile.read(file))!);
    await expectChangesIn(again);
  });

  it('come back from an exported fixture directory', async () => {
    const t = await changedSandbox();
    const dir = mkdtempSync(join(tmpdir(), 'mock-api-extras-'));
    writeFixtureDir(dir, sandboxData(t.sandbox), sandboxState(t.sandbox));
    await expectChangesIn(testSandbox((data) => Object.assign(data, readFixtureDir(dir)), readFixtureState(dir)));
  });
});
