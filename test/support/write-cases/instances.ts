import { groups } from '../groups-fixture-ids.js';
import { ids } from '../helpers.js';
import { locations, worlds } from '../worlds-fixture-ids.js';
import type { WriteCase } from './case.js';

export const cases: WriteCase[] = [
  {
    operation: 'POST /instances',
    label: 'alice opens a public instance of the Builders Guild in The Lobby',
    prepare: async () => ({
      write: {
        method: 'POST',
        path: '/instances',
        body: { worldId: worlds.lobby, type: 'group', region: 'eu', ownerId: groups.builders, groupAccessType: 'public' },
      },
      reads: [
        { path: `/groups/${groups.builders}/instances` },
        { path: `/users/${ids.alice}/instances/groups` },
        { path: '/instances/recent' },
      ],
    }),
  },
  {
    operation: 'DELETE /instances/{worldId}:{instanceId}',
    label: 'alice closes her friends+ instance',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/instances/${locations.aliceHidden}` },
      reads: [
        { path: `/instances/${locations.aliceHidden}` },
        { as: 'bob', path: `/instances/${locations.aliceHidden}` },
        { as: 'bob', path: '/instances/recent' },
        { as: 'bob', path: `/users/${ids.alice}` },
      ],
    }),
  },
];
