import { avatarIds as avatars, ids } from '../helpers.js';
import type { WriteCase } from './case.js';

const crane = { name: 'Paper Crane', imageUrl: 'https://assets.example.test/crane.png', platform: 'android', unityVersion: '2022.3.22f1' };

export const cases: WriteCase[] = [
  {
    operation: 'POST /avatars',
    label: 'bob creates a private avatar',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: '/avatars', body: crane },
      reads: [{ as: 'bob', path: '/avatars?user=me&search=crane' }],
    }),
  },
  {
    operation: 'PUT /avatars/{avatarId}',
    label: 'alice renames her secret draft and makes it public',
    prepare: async () => ({
      write: { method: 'PUT', path: `/avatars/${avatars.secretDraft}`, body: { name: 'Not So Secret', releaseStatus: 'public' } },
      reads: [{ path: `/avatars/${avatars.secretDraft}` }, { as: 'bob', path: `/avatars/${avatars.secretDraft}` }],
    }),
  },
  {
    operation: 'DELETE /avatars/{avatarId}',
    label: 'alice deletes the avatar she wears and bob favorited',
    prepare: async (api) => {
      await api.send({
        as: 'bob',
        method: 'POST',
        path: '/favorites',
        body: { type: 'avatar', favoriteId: avatars.aliceFox, tags: ['avatars1'] },
      });
      return {
        write: { method: 'DELETE', path: `/avatars/${avatars.aliceFox}` },
        reads: [
          { path: `/avatars/${avatars.aliceFox}` },
          { path: '/avatars/favorites?n=100' },
          { path: `/users/${ids.alice}/avatar` },
          { as: 'bob', path: '/avatars/favorites?n=100' },
          { as: 'bob', path: '/favorites?type=avatar' },
        ],
      };
    },
  },
  {
    operation: 'POST /avatars/{avatarId}/impostor/enqueue',
    label: 'alice has impostors made for her avatar',
    prepare: async () => ({
      write: { method: 'POST', path: `/avatars/${avatars.aliceFox}/impostor/enqueue` },
      reads: [{ path: `/avatars/${avatars.aliceFox}` }],
    }),
  },
  {
    operation: 'DELETE /avatars/{avatarId}/impostor',
    label: "alice deletes her avatar's impostors",
    prepare: async (api) => {
      await api.send({ method: 'POST', path: `/avatars/${avatars.aliceFox}/impostor/enqueue` });
      return {
        write: { method: 'DELETE', path: `/avatars/${avatars.aliceFox}/impostor` },
        reads: [{ path: `/avatars/${avatars.aliceFox}` }],
      };
    },
  },
  {
    operation: 'PUT /avatars/{avatarId}/select',
    label: 'bob puts on the cozy bear',
    prepare: async () => ({
      write: { as: 'bob', method: 'PUT', path: `/avatars/${avatars.cozyBear}/select` },
      reads: [{ as: 'bob', path: '/auth/user' }, { as: 'bob', path: `/users/${ids.bob}/avatar` }, { path: `/users/${ids.bob}` }],
    }),
  },
  {
    operation: 'PUT /avatars/{avatarId}/selectFallback',
    label: 'alice tags her avatar as a fallback and picks it as hers',
    prepare: async (api) => {
      await api.send({ method: 'PUT', path: `/avatars/${avatars.aliceFox}`, body: { tags: ['author_quest_fallback'] } });
      return {
        write: { method: 'PUT', path: `/avatars/${avatars.aliceFox}/selectFallback` },
        reads: [{ path: '/auth/user' }],
      };
    },
  },
];
