import { ids } from '../helpers.js';
import type { WriteCase } from './case.js';

/** Alice's moderations, and the user search that leaves out whom she blocks (eve, in the default world). */
const aliceModerations = [{ path: '/auth/user/playermoderations' }, { path: '/users?search=eve' }];

export const cases: WriteCase[] = [
  {
    operation: 'POST /auth/user/playermoderations',
    label: 'alice mutes bob',
    prepare: async () => ({
      write: { method: 'POST', path: '/auth/user/playermoderations', body: { moderated: ids.bob, type: 'mute' } },
      reads: [{ path: '/auth/user/playermoderations' }, { path: `/auth/user/playermoderations?targetUserId=${ids.bob}` }],
    }),
  },
  {
    operation: 'DELETE /auth/user/playermoderations',
    label: 'alice clears every moderation of hers',
    prepare: async () => ({
      write: { method: 'DELETE', path: '/auth/user/playermoderations' },
      reads: aliceModerations,
    }),
  },
  {
    operation: 'PUT /auth/user/unplayermoderate',
    label: 'alice unblocks eve',
    prepare: async () => ({
      write: { method: 'PUT', path: '/auth/user/unplayermoderate', body: { moderated: ids.eve, type: 'block' } },
      reads: aliceModerations,
    }),
  },
];
