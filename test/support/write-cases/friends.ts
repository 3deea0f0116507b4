import { ids } from '../helpers.js';
import type { WriteCase } from './case.js';

/** What bob and eve see of a friend request between them. */
const bobAndEve = [
  { as: 'bob' as const, path: `/user/${ids.eve}/friendStatus` },
  { as: 'eve' as const, path: `/user/${ids.bob}/friendStatus` },
  { as: 'eve' as const, path: '/auth/user/notifications?type=friendRequest' },
];

export const cases: WriteCase[] = [
  {
    operation: 'POST /user/{userId}/friendRequest',
    label: 'bob asks eve to be friends',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: `/user/${ids.eve}/friendRequest` },
      reads: bobAndEve,
    }),
  },
  {
    operation: 'DELETE /user/{userId}/friendRequest',
    label: 'bob withdraws his friend request to eve',
    prepare: async (api) => {
      await api.send({ as: 'bob', method: 'POST', path: `/user/${ids.eve}/friendRequest` });
      return { write: { as: 'bob', method: 'DELETE', path: `/user/${ids.eve}/friendRequest` }, reads: bobAndEve };
    },
  },
  {
    operation: 'DELETE /auth/user/friends/{userId}',
    label: 'alice unfriends frank, whom she had among her favorite friends',
    prepare: async (api) => {
      await api.send({ method: 'POST', path: '/favorites', body: { type: 'friend', favoriteId: ids.frank, tags: ['group_0'] } });
      return {
        write: { method: 'DELETE', path: `/auth/user/friends/${ids.frank}` },
        reads: [
          { path: '/auth/user/friends' },
          { path: `/user/${ids.frank}/friendStatus` },
          { path: '/favorites?type=friend' },
          { as: 'frank', path: '/auth/user/friends' },
          { as: 'frank', path: `/users/${ids.alice}` },
        ],
      };
    },
  },
  {
    operation: 'POST /users/{userId}/boop',
    label: 'bob boops alice with a wave',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: `/users/${ids.alice}/boop`, body: { emojiId: 'default_wave', emojiVersion: 2 } },
      reads: [{ path: '/auth/user/notifications?type=boop' }],
    }),
  },
];
