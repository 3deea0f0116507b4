import { describe, expect, it } from 'vitest';
import { useSdkServer } from '../../support/sdk-harness.js';

const sdk = useSdkServer();
const alice = () => sdk.loggedIn('alice', 'alice-password');

describe('the vrchat SDK on avatars, notifications and inventory', () => {
  it('lists favorited avatars with their unity packages', async () => {
    const vrchat = await alice();
    const { data, error } = await vrchat.getFavoritedAvatars({ query: { sort: 'name', order: 'ascending', n: 2 } });
    expect(error).toBeUndefined();
    expect(data?.map((avatar) => avatar.name)).toEqual(['Alice Fox', 'Cozy Bear']);
    expect(data?.[0]?.unityPackages[0]?.platform).toBe('standalonewindows');
  });

  it('reads an avatar', async () => {
    const vrchat = await alice();
    const { data } = await vrchat.getAvatar({ path: { avatarId: 'avtr_a11ce000-0000-4000-8000-00000000a001' } });
    expect(data).toMatchObject({ name: 'Alice Fox', releaseStatus: 'public' });
  });

  it('reports the 403 for another user favorites as an error', async () => {
    const vrchat = await alice();
    const { data, error } = await vrchat.getFavoritedAvatars({ query: { userId: 'usr_b0b00000-0000-4000-8000-000000000002' } });
    expect(data).toBeUndefined();
    expect(error?.message).toBe('You can only see your own favorite avatars!');
  });

  it('marks a notification seen', async () => {
    const vrchat = await alice();
    const id = 'not_a11ce000-0000-4000-8000-0000000d0003';
    const { data } = await vrchat.markNotificationAsRead({ path: { notificationId: id } });
    expect(data).toMatchObject({ id, seen: true });
    const list = await vrchat.getNotifications();
    expect(list.data?.find((n) => n.id === id)?.seen).toBe(true);
  });

  it('equips an inventory item', async () => {
    const vrchat = await alice();
    const inventoryItemId = 'inv_a11ce000-0000-4000-8000-0000000c0003';
    const { data } = await vrchat.equipOwnInventoryItem({ path: { inventoryItemId }, body: { equipSlot: 'portal' } });
    expect(data).toMatchObject({ id: inventoryItemId, equipSlot: 'portal' });
    const again = await vrchat.getOwnInventoryItem({ path: { inventoryItemId } });
    expect(again.data?.equipSlot).toBe('portal');
  });
});
