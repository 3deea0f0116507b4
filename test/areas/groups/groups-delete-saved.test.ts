import { join } from 'node:path';
import { expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { SandboxFile } from '../../../src/store/persistence/persist.js';
import { tempDir } from '../../support/db-cli.js';
import { events } from '../../support/calendar-seed.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { expectError, testSandbox } from '../../support/helpers.js';

it('DELETE /groups/{groupId} takes its calendar, follows and store with it, so a world saved after it reads back', async () => {
  const t = testSandbox();
  const db = join(tempDir(), 'state.json');
  const file = new SandboxFile(db, () => t.sandbox, 0);
  await file.create();
  const cookie = await t.login('alice');
  const follow = await t.call('POST', `/calendar/${groups.builders}/${events.buildNight}/follow`, { cookie, body: { isFollowing: true } });
  expect(follow.status).toBe(200);
  expect([...t.sandbox.stores.values()].some((store) => store.groupId === groups.builders)).toBe(true);

  expect((await t.call('DELETE', `/groups/${groups.builders}`, { cookie })).status).toBe(200);
  await file.commit();
  expect((await t.call('GET', '/calendar/following', { cookie })).body.totalCount).toBe(0);
  expect([...t.sandbox.stores.values()].some((store) => store.groupId === groups.builders)).toBe(false);

  // Before, the saved world still held the group's events and store, and reading it back was refused.
  const reloaded = testSandbox();
  reloaded.deps.sandboxes.load(SandboxFile.read(db)!);
  const again = await reloaded.login('alice');
  expectError(await reloaded.call('GET', `/groups/${groups.builders}`, { cookie: again }), 404, messages.groupNotFound);
  expect((await reloaded.call('GET', '/calendar/following', { cookie: again })).body.totalCount).toBe(0);
  await file.close();
});
