import { avatarIds as avatars, ids } from '../helpers.js';
import type { WriteCase } from './case.js';

const hangouts = `/favorite/group/world/worlds1/${ids.alice}`;
const nightMarketFavorite = 'fvrt_a11ce000-0000-4000-8000-0000000000f1';

export const cases: WriteCase[] = [
  {
    operation: 'POST /favorites',
    label: 'bob favorites the quest cat',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: '/favorites', body: { type: 'avatar', favoriteId: avatars.questCat, tags: ['avatars1'] } },
      reads: [
        { as: 'bob', path: '/favorites?type=avatar' },
        { as: 'bob', path: '/avatars/favorites?n=100' },
      ],
    }),
  },
  {
    operation: 'DELETE /favorites/{favoriteId}',
    label: 'alice unfavorites Night Market',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/favorites/${nightMarketFavorite}` },
      reads: [{ path: `/favorites/${nightMarketFavorite}` }, { path: '/favorites?type=world' }, { path: '/worlds/favorites?n=100' }],
    }),
  },
  {
    operation: 'PUT /favorite/group/{favoriteGroupType}/{favoriteGroupName}/{userId}',
    label: 'alice renames her Hangouts group and makes it private',
    prepare: async () => ({
      write: { method: 'PUT', path: hangouts, body: { displayName: 'Harbours', visibility: 'private' } },
      reads: [{ path: hangouts }, { as: 'bob', path: hangouts }, { path: '/favorite/groups' }],
    }),
  },
  {
    operation: 'DELETE /favorite/group/{favoriteGroupType}/{favoriteGroupName}/{userId}',
    label: 'alice clears her Hangouts group',
    prepare: async () => ({
      write: { method: 'DELETE', path: hangouts },
      reads: [{ path: hangouts }, { path: '/favorites?type=world' }, { path: '/worlds/favorites?n=100' }],
    }),
  },
];
