import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const MINUTE = 60_000;
const unknownUser = 'usr_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82';
/** alice's `message` slot 0 is customised in fixtures/inviteMessages.json, its cooldown long over. */
const aliceCustom = `/message/${ids.alice}/message/0`;

function liveSandbox() {
  const t = testSandbox();
  t.sandbox.settings.profile = 'live';
  return t;
}

describe("another user's invite messages", () => {
  const requests = (userId: string) =>
    [
      ['GET', `/message/${userId}/message`, undefined],
      ['GET', `/message/${userId}/message/0`, undefined],
      ['PUT', `/message/${userId}/message/0`, { message: 'hacked' }],
      ['DELETE', `/message/${userId}/message/0`, undefined],
    ] as const;

  it('are 401 by the seed, for a user who does not exist too', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    for (const userId of [ids.alice, unknownUser])
      for (const [method, path, body] of requests(userId))
        expectError(await t.call(method, path, { cookie: bob, body }), 401, messages.notAuthorized);
  });

  it('are 403 under the live profile, as the live service answers', async () => {
    const t = liveSandbox();
    const bob = await t.login('bob');
    for (const userId of [ids.alice, unknownUser])
      for (const [method, path, body] of requests(userId))
        expectError(await t.call(method, path, { cookie: bob, body }), 403, messages.notAuthorized);
    const alice = await t.login('alice');
    expect((await t.call('GET', aliceCustom, { cookie: alice })).body.message).toBe('Group tools demo in my world, come see!');
  });
});

describe('a reset right after a reset', () => {
  it('is 404 by the seed: the slot holds its original text', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', aliceCustom, { cookie: alice })).status).toBe(200);
    expectError(await t.call('DELETE', aliceCustom, { cookie: alice }), 404, messages.inviteMessageNoEntry);
  });

  it('is 429 under the live profile until the cooldown has passed since the reset, then 404', async () => {
    const t = liveSandbox();
    const alice = await t.login('alice');
    expect((await t.call('DELETE', aliceCustom, { cookie: alice })).status).toBe(200);
    expectError(await t.call('DELETE', aliceCustom, { cookie: alice }), 429, 'Please wait 60 more minutes until you try again\u2024');
    t.clock.advance(59 * MINUTE);
    expectError(await t.call('DELETE', aliceCustom, { cookie: alice }), 429, 'Please wait 1 more minutes until you try again\u2024');
    t.clock.advance(MINUTE);
    expectError(await t.call('DELETE', aliceCustom, { cookie: alice }), 404, messages.inviteMessageNoEntry);
  });

  it('leaves the slot editable under the live profile, as a reset starts no edit cooldown', async () => {
    const t = liveSandbox();
    const alice = await t.login('alice');
    await t.call('DELETE', aliceCustom, { cookie: alice });
    expect((await t.call('PUT', aliceCustom, { cookie: alice, body: { message: 'Hello, World!' } })).status).toBe(200);
    expect((await t.call('GET', aliceCustom, { cookie: alice })).body).toMatchObject({ message: 'Hello, World!', canBeUpdated: false });
    expectError(
      await t.call('PUT', aliceCustom, { cookie: alice, body: { message: 'I am speed!' } }),
      429,
      'Please wait 60 more minutes until you try again\u2024',
    );
  });

  it('keeps a slot never reset a 404 under the live profile', async () => {
    const t = liveSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('DELETE', `/message/${ids.alice}/message/5`, { cookie: alice }), 404, messages.inviteMessageNoEntry);
  });
});
