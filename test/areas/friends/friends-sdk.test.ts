import { describe, expect, it } from 'vitest';
import { ids } from '../../support/helpers.js';
import { useSdkServer } from '../../support/sdk-harness.js';

const { loggedIn } = useSdkServer();

const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';

describe('the social flow through the official vrchat SDK', () => {
  it('sends a friend request, accepts it, then invites and answers the invite', async () => {
    const bob = await loggedIn('bob');
    const admin = await loggedIn('admin');

    const sent = await bob.friend({ path: { userId: ids.admin } });
    expect(sent.data).toMatchObject({ type: 'friendRequest', senderUserId: ids.bob });
    const incoming = await admin.getNotifications({ query: { type: 'friendRequest' } });
    const request = incoming.data!.find((n) => n.senderUserId === ids.bob)!;
    expect((await admin.getFriendStatus({ path: { userId: ids.bob } })).data).toEqual({
      isFriend: false,
      incomingRequest: true,
      outgoingRequest: false,
    });

    const accepted = await admin.acceptFriendRequest({ path: { notificationId: request.id } });
    expect(accepted.data).toEqual({ success: { message: 'Ok', status_code: 200 } });
    expect((await bob.getFriendStatus({ path: { userId: ids.admin } })).data?.isFriend).toBe(true);
    const bobsFriends = await bob.getFriends({ query: { offline: false, n: 50 } });
    expect(bobsFriends.data?.map((f) => f.id)).toContain(ids.admin);

    const invite = await admin.inviteUser({ path: { userId: ids.bob }, body: { instanceId: workshop, messageSlot: 0 } });
    expect(invite.data).toMatchObject({
      type: 'invite',
      receiverUserId: ids.bob,
      details: { worldId: workshop, worldName: "Alice's Workshop" },
    });
    const invites = await bob.getNotifications({ query: { type: 'invite' } });
    const received = invites.data!.find((n) => n.id === invite.data!.id)!;
    const response = await bob.respondInvite({ path: { notificationId: received.id }, body: { responseSlot: 0 } });
    expect(response.data).toMatchObject({ type: 'inviteResponse', senderUserId: ids.bob });

    const unfriended = await bob.unfriend({ path: { userId: ids.admin } });
    expect(unfriended.data).toEqual({ success: { message: 'Friendship destroyed', status_code: 200 } });
    expect((await admin.getFriendStatus({ path: { userId: ids.bob } })).data?.isFriend).toBe(false);
  });

  it('reads a user and the token for the event socket', async () => {
    const alice = await loggedIn('alice');
    const bob = await alice.getUser({ path: { userId: ids.bob } });
    expect(bob.data).toMatchObject({ id: ids.bob, isFriend: true, state: 'online' });
    const auth = await alice.verifyAuthToken();
    expect(auth.data).toMatchObject({ ok: true, token: expect.stringMatching(/^authcookie_/) });
  });
});
