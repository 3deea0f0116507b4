import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const aliceWorld = 'wrld_a11ce000-0000-4000-8000-00000000b001';
const bobWorld = 'wrld_b0b00000-0000-4000-8000-00000000b002';

describe('world persistence of a user', () => {
  it('says the data exists, then, once deleted, answers 404', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const exists = await t.call('GET', `/users/${ids.alice}/${aliceWorld}/persist/exists`, { cookie: alice });
    expect(exists.status).toBe(200);
    expect(exists.body).toBe(true);
    expect((await t.call('DELETE', `/users/${ids.alice}/${aliceWorld}/persist`, { cookie: alice })).status).toBe(200);
    expectError(
      await t.call('GET', `/users/${ids.alice}/${aliceWorld}/persist/exists`, { cookie: alice }),
      404,
      `The user does not have persistence data for the world ${aliceWorld}.`,
    );
    expect((await t.call('GET', `/users/${ids.alice}/${bobWorld}/persist/exists`, { cookie: alice })).body).toBe(true);
  });

  it("deletes one user's data only", async () => {
    const t = testSandbox();
    await t.call('DELETE', `/users/${ids.alice}/${aliceWorld}/persist`, { cookie: await t.login('alice') });
    expect((await t.call('GET', `/users/${ids.bob}/${aliceWorld}/persist/exists`, { cookie: await t.login('bob') })).status).toBe(200);
  });

  it("deletes every world's data at once", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', `/users/${ids.alice}/persist`, { cookie: alice })).status).toBe(200);
    for (const worldId of [aliceWorld, bobWorld]) {
      expect((await t.call('GET', `/users/${ids.alice}/${worldId}/persist/exists`, { cookie: alice })).status).toBe(404);
    }
  });

  it('answers 404 when deleting data that is not there', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('DELETE', `/users/${ids.bob}/${bobWorld}/persist`, { cookie: bob }),
      404,
      `The user does not have persistence data for the world ${bobWorld}.`,
    );
  });

  it("refuses to read or delete another user's data", async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    expectError(
      await t.call('GET', `/users/${ids.alice}/${aliceWorld}/persist/exists`, { cookie: bob }),
      403,
      'User ID must be your own\u2024',
    );
    expectError(
      await t.call('DELETE', `/users/${ids.alice}/${aliceWorld}/persist`, { cookie: bob }),
      403,
      'User ID must be your own\u2024',
    );
    expectError(await t.call('DELETE', `/users/${ids.alice}/persist`, { cookie: bob }), 403, 'User ID must be your own\u2024');
    expect((await t.call('GET', `/users/${ids.alice}/${aliceWorld}/persist/exists`, { cookie: await t.login('alice') })).status).toBe(200);
  });

  it('refuses a user who does not exist as another user, with 403, as the live service does', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const dead = 'usr_00000000-0000-4000-8000-00000000dead';
    expectError(await t.call('GET', `/users/${dead}/${aliceWorld}/persist/exists`, { cookie: bob }), 403, 'User ID must be your own\u2024');
    expectError(await t.call('DELETE', `/users/${dead}/${aliceWorld}/persist`, { cookie: bob }), 403, 'User ID must be your own\u2024');
    expectError(await t.call('DELETE', `/users/${dead}/persist`, { cookie: bob }), 403, 'User ID must be your own\u2024');
    const admin = await t.login('admin');
    expectError(await t.call('DELETE', `/users/${dead}/persist`, { cookie: admin }), 404, `User ${dead} not found`);
  });
});
