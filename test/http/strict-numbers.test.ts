import { describe, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { expectError, ids, testSandbox } from '../support/helpers.js';
import { groups } from '../support/groups-fixture-ids.js';

describe('numbers in the query and the path', () => {
  for (const n of ['0x10', '1e1', '011', '5.0', ' 5', '']) {
    it(`refuses n=${JSON.stringify(n)} instead of reading a number from it`, async () => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      expectError(await t.call('GET', `/instances/discover?n=${encodeURIComponent(n)}`, { cookie }), 400, 'n must be an integer');
      expectError(await t.call('GET', `/calendar/${groups.builders}?n=${encodeURIComponent(n)}`, { cookie }), 400, 'n must be an integer');
      expectError(await t.call('GET', `/avatars/favorites?n=${encodeURIComponent(n)}`, { cookie }), 400, 'n must be an integer');
    });
  }

  it('refuses invite message slot 011', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const reply = await t.call('GET', `/message/${ids.alice}/message/011`, { cookie });
    expectError(reply, 400, messages.inviteMessageInvalidSlot);
  });
});
