import { ids } from '../helpers.js';
import type { Read, WorldApi, WriteCase } from './case.js';

/** Alice's notifications of the default world: an invite from bob, and carol's friend request she hid. */
const v1 = {
  bobInvite: 'not_a11ce000-0000-4000-8000-0000000d0001',
  carolFriendRequest: 'frq_a11ce000-0000-4000-8000-0000000d0004',
};
/** Alice's v2 group announcement of the default world. */
const announcement = 'ntf2_a11ce000-0000-4000-8000-0000000f0001';
/** A v2 notification offering responses, which no operation of the API makes: the control plane stands in for the service. */
const invitation = 'ntf2_a11ce000-0000-4000-8000-0000000f0002';

const aliceV1: Read[] = [{ path: '/auth/user/notifications' }, { path: '/auth/user/notifications?type=friendRequest&hidden=true' }];
// one notification by id is for admins only, as the live service answers
const aliceV2 = (id: string): Read[] => [{ path: '/notifications' }, { as: 'admin', path: `/notifications/${id}` }];

/** Puts a group invitation for alice that offers responses, as the service would send her one. */
async function offerInvitation(api: WorldApi) {
  await api.send({
    method: 'PUT',
    path: '/_mock/records/notificationsV2',
    body: {
      id: invitation,
      type: 'group.invite',
      category: 'social.group',
      senderUserId: ids.bob,
      receiverUserId: ids.alice,
      title: 'Night Market crew',
      message: 'Bob invites you to join',
      responses: [
        { type: 'accept', icon: 'check', text: 'Join' },
        { type: 'decline', icon: 'cancel', text: 'Decline' },
      ],
      createdAt: '2026-01-15T09:00:00.000Z',
      updatedAt: '2026-01-15T09:00:00.000Z',
      expiresAt: '2026-02-15T09:00:00.000Z',
    },
  });
}

export const cases: WriteCase[] = [
  {
    operation: 'PUT /auth/user/notifications/clear',
    label: 'alice clears her notifications',
    prepare: async () => ({ write: { method: 'PUT', path: '/auth/user/notifications/clear' }, reads: aliceV1 }),
  },
  {
    operation: 'PUT /auth/user/notifications/{notificationId}/accept',
    label: "alice accepts carol's friend request",
    prepare: async () => ({
      write: { method: 'PUT', path: `/auth/user/notifications/${v1.carolFriendRequest}/accept` },
      reads: [
        { path: '/auth/user/notifications?type=friendRequest&hidden=true' },
        { path: `/user/${ids.carol}/friendStatus` },
        { path: '/auth/user/friends' },
      ],
    }),
  },
  {
    operation: 'PUT /auth/user/notifications/{notificationId}/hide',
    label: "alice hides bob's invite",
    prepare: async () => ({
      write: { method: 'PUT', path: `/auth/user/notifications/${v1.bobInvite}/hide` },
      reads: [{ path: '/auth/user/notifications' }, { path: '/auth/user/notifications?type=invite' }],
    }),
  },
  {
    operation: 'PUT /auth/user/notifications/{notificationId}/see',
    label: "alice marks bob's invite seen",
    prepare: async () => ({
      write: { method: 'PUT', path: `/auth/user/notifications/${v1.bobInvite}/see` },
      reads: [{ path: `/auth/user/notifications/${v1.bobInvite}` }, { path: '/auth/user/notifications' }],
    }),
  },
  {
    operation: 'DELETE /notifications',
    label: 'alice clears her v2 notifications',
    prepare: async () => ({ write: { method: 'DELETE', path: '/notifications' }, reads: aliceV2(announcement) }),
  },
  {
    operation: 'DELETE /notifications/{notificationId}',
    label: 'alice deletes a group announcement',
    prepare: async () => ({ write: { method: 'DELETE', path: `/notifications/${announcement}` }, reads: aliceV2(announcement) }),
  },
  {
    operation: 'POST /notifications/{notificationId}/see',
    label: 'alice marks a group announcement seen',
    prepare: async () => ({ write: { method: 'POST', path: `/notifications/${announcement}/see` }, reads: aliceV2(announcement) }),
  },
  {
    operation: 'POST /notifications/{notificationId}/reply',
    label: 'alice replies to a group invitation',
    prepare: async (api) => {
      await offerInvitation(api);
      return {
        write: { method: 'POST', path: `/notifications/${invitation}/reply`, body: { responseData: 'See you at the market' } },
        reads: aliceV2(invitation),
      };
    },
  },
  {
    operation: 'POST /notifications/{notificationId}/respond',
    label: 'alice declines a group invitation',
    prepare: async (api) => {
      await offerInvitation(api);
      return {
        write: { method: 'POST', path: `/notifications/${invitation}/respond`, body: { responseType: 'decline' } },
        reads: aliceV2(invitation),
      };
    },
  },
];
