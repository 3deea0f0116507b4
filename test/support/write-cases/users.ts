import { ids } from '../helpers.js';
import { worlds } from '../worlds-fixture-ids.js';
import type { WriteCase } from './case.js';

/** Alice's badge of the default world that she does not showcase. */
const groupFounderBadge = 'bdg_a11ce000-0000-4000-8000-0000000bd002';

/** Alice's profile as a friend and a stranger see it. */
const aliceShown = [
  { as: 'bob' as const, path: `/users/${ids.alice}` },
  { as: 'eve' as const, path: `/profile/${ids.alice}` },
];
/** Alice's profile as she, a friend and a stranger see it. */
const aliceSeen = [{ path: '/auth/user' }, ...aliceShown];

const persistExists = (who: 'alice' | 'bob', world: string) => ({ as: who, path: `/users/${ids[who]}/${world}/persist/exists` });

export const cases: WriteCase[] = [
  {
    operation: 'POST /userNotes',
    label: 'alice keeps a note on eve',
    prepare: async () => ({
      write: { method: 'POST', path: '/userNotes', body: { targetUserId: ids.eve, note: 'met at the lobby meetup' } },
      reads: [{ path: '/userNotes' }, { path: `/users/${ids.eve}` }],
    }),
  },
  {
    operation: 'PUT /users/{userId}',
    label: 'alice renames herself and rewrites her bio, pronouns and status',
    prepare: async () => ({
      write: {
        method: 'PUT',
        path: `/users/${ids.alice}`,
        body: {
          displayName: 'Alice Jams',
          currentPassword: 'alice-password',
          bio: 'Now mostly jams.',
          pronouns: 'she/her',
          status: 'busy',
          statusDescription: 'judging entries',
        },
      },
      reads: aliceSeen,
    }),
  },
  {
    operation: 'POST /users/{userId}/addTags',
    label: 'alice adds a language tag',
    prepare: async () => ({
      write: { method: 'POST', path: `/users/${ids.alice}/addTags`, body: { tags: ['language_jpn'] } },
      reads: aliceSeen,
    }),
  },
  {
    operation: 'POST /users/{userId}/removeTags',
    label: 'alice removes her language tag',
    prepare: async () => ({
      write: { method: 'POST', path: `/users/${ids.alice}/removeTags`, body: { tags: ['language_eng'] } },
      reads: aliceSeen,
    }),
  },
  {
    operation: 'PUT /users/{userId}/badges/{badgeId}',
    label: 'alice showcases her group founder badge',
    prepare: async () => ({
      write: { method: 'PUT', path: `/users/${ids.alice}/badges/${groupFounderBadge}`, body: { showcased: true } },
      reads: aliceShown,
    }),
  },
  {
    operation: 'DELETE /users/{userId}/persist',
    label: "alice deletes every world's persistence data of hers",
    prepare: async () => ({
      write: { method: 'DELETE', path: `/users/${ids.alice}/persist` },
      reads: [persistExists('alice', worlds.aliceHome), persistExists('alice', worlds.nightMarket)],
    }),
  },
  {
    operation: 'DELETE /users/{userId}/{worldId}/persist',
    label: "bob deletes his persistence data of alice's home world",
    prepare: async () => ({
      write: { as: 'bob', method: 'DELETE', path: `/users/${ids.bob}/${worlds.aliceHome}/persist` },
      reads: [persistExists('bob', worlds.aliceHome)],
    }),
  },
];
