import { expect, it } from 'vitest';
import { ids, testSandbox, type TestSandbox } from '../support/helpers.js';
import { expectKeptWhole, savingAsDb } from '../support/kept-copies.js';
import { WorldApi } from '../support/write-cases/case.js';
import { cases } from '../support/write-cases/authentication.js';

it("lists a friend who becomes active in the friends list's order, as a saved world reloads it", async () => {
  const t = testSandbox();
  const kept = await savingAsDb(t);
  // Frank is active in the default world; dana, before him in alice's friends, finishes her login after.
  const api = new WorldApi(t);
  const danaLogsIn = cases.find((c) => c.operation === 'POST /auth/twofactorauth/emailotp/verify')!;
  expect((await api.send((await danaLogsIn.prepare(api)).write)).status).toBe(200);
  const activeFriends = async (world: TestSandbox) =>
    ((await new WorldApi(world).get('/auth/user')).body as { activeFriends: string[] }).activeFriends;
  expect(await expectKeptWhole(t, kept, activeFriends)).toEqual([ids.dana, ids.frank]);
});
