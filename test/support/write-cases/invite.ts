import { ids } from '../helpers.js';
import { png } from '../prints-fixtures.js';
import { locations } from '../worlds-fixture-ids.js';
import type { Actor, Read, WriteCase } from './case.js';

const notifications = {
  /** Bob's invite to alice. */
  bobInvitesAlice: 'not_a11ce000-0000-4000-8000-0000000d0001',
  /** Alice's request to bob for an invite. */
  aliceAsksBob: 'not_b0b00000-0000-4000-8000-0000000d0101',
};

const inbox = (as: Actor): Read => ({ as, path: '/auth/user/notifications' });
/** The sender's invite photos, kept as their files. */
const photos = (as: Actor): Read => ({ as, path: '/files?tag=invitephoto' });
const aliceMessage = (slot: number) => ({ path: `/message/${ids.alice}/message/${slot}` });

/** A photo variant's body: the plain variant's JSON as `data`, and the image. */
const withPhoto = (data: unknown) => () => {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  form.set('image', new Blob([png(4, 5, 6)], { type: 'image/png' }), 'photo.png');
  return form;
};

export const cases: WriteCase[] = [
  {
    operation: 'POST /invite/myself/to/{worldId}:{instanceId}',
    label: 'alice sends herself an invite to her public instance',
    prepare: async () => ({
      write: { method: 'POST', path: `/invite/myself/to/${locations.alicePublic}` },
      reads: [inbox('alice')],
    }),
  },
  {
    operation: 'POST /invite/{notificationId}/response',
    label: "alice answers bob's invite",
    prepare: async () => ({
      write: { method: 'POST', path: `/invite/${notifications.bobInvitesAlice}/response`, body: { responseSlot: 0 } },
      reads: [inbox('bob')],
    }),
  },
  {
    operation: 'POST /invite/{notificationId}/response/photo',
    label: "bob answers alice's invite request with a photo",
    prepare: async () => ({
      write: {
        as: 'bob',
        method: 'POST',
        path: `/invite/${notifications.aliceAsksBob}/response/photo`,
        form: withPhoto({ responseSlot: 1 }),
      },
      reads: [inbox('alice'), photos('bob')],
    }),
  },
  {
    operation: 'POST /invite/{userId}',
    label: 'alice invites bob to her public instance with her first invite message',
    prepare: async () => ({
      write: { method: 'POST', path: `/invite/${ids.bob}`, body: { instanceId: locations.alicePublic, messageSlot: 0 } },
      reads: [inbox('bob')],
    }),
  },
  {
    operation: 'POST /invite/{userId}/photo',
    label: 'alice invites bob with a photo',
    prepare: async () => ({
      write: { method: 'POST', path: `/invite/${ids.bob}/photo`, form: withPhoto({ instanceId: locations.alicePublic }) },
      reads: [inbox('bob'), photos('alice')],
    }),
  },
  {
    operation: 'PUT /message/{userId}/{messageType}/{slot}',
    label: 'alice rewrites her fourth invite message',
    prepare: async () => ({
      write: { method: 'PUT', path: `/message/${ids.alice}/message/3`, body: { message: 'Sunset tour at eight' } },
      reads: [aliceMessage(3), { path: `/message/${ids.alice}/message` }],
    }),
  },
  {
    operation: 'DELETE /message/{userId}/{messageType}/{slot}',
    label: 'alice resets her customised first invite message',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/message/${ids.alice}/message/0` },
      reads: [aliceMessage(0)],
    }),
  },
  {
    operation: 'POST /requestInvite/{userId}',
    label: 'alice asks bob for an invite with her request message',
    prepare: async () => ({
      write: { method: 'POST', path: `/requestInvite/${ids.bob}`, body: { requestSlot: 2 } },
      reads: [inbox('bob')],
    }),
  },
  {
    operation: 'POST /requestInvite/{userId}/photo',
    label: 'bob asks alice for an invite with a photo',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: `/requestInvite/${ids.alice}/photo`, form: withPhoto({}) },
      reads: [inbox('alice'), photos('bob')],
    }),
  },
];
