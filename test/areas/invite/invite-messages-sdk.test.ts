import { describe, expect, it } from 'vitest';
import { ids } from '../../support/helpers.js';
import { useSdkServer } from '../../support/sdk-harness.js';

const { loggedIn } = useSdkServer();

describe('invite messages through the official vrchat SDK', () => {
  it('lists, edits, meets the cooldown, and reads back', async () => {
    const vrchat = await loggedIn('bob');
    const path = { userId: ids.bob, messageType: 'request' as const, slot: 9 };
    const listed = await vrchat.getInviteMessages({ path: { userId: ids.bob, messageType: 'request' } });
    expect(listed.data).toHaveLength(12);
    const edited = await vrchat.updateInviteMessage({ path, body: { message: 'Bringing the speakers' } });
    expect(edited.data?.[9]).toMatchObject({ message: 'Bringing the speakers', remainingCooldownMinutes: 60 });
    const again = await vrchat.updateInviteMessage({ path, body: { message: 'Too soon' } });
    expect(again.error?.message).toBe('Please wait 60 more minutes until you try again.');
    const reset = await vrchat.resetInviteMessage({ path });
    expect(reset.error?.message).toBe('Please wait 60 more minutes until you try again.');
    const one = await vrchat.getInviteMessage({ path });
    expect(one.data).toMatchObject({ message: 'Bringing the speakers', canBeUpdated: false });
  });

  it('resets a customised slot to its original text', async () => {
    const vrchat = await loggedIn('alice');
    const reset = await vrchat.resetInviteMessage({ path: { userId: ids.alice, messageType: 'message', slot: 0 } });
    expect(reset.data?.[0]).toMatchObject({ message: 'Come hang out with me!', canBeUpdated: true });
  });
});
