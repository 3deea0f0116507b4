import { ids } from '../helpers.js';
import { worlds } from '../worlds-fixture-ids.js';
import type { WriteCase } from './case.js';

/** The world jam, open for submissions on the test clock's day. */
const winterJam = 'jam_00000000-0000-4000-8000-00000000e301';
const submissions = `/jams/${winterJam}/submissions`;

export const cases: WriteCase[] = [
  {
    operation: 'POST /jams/{jamId}/submissions',
    label: 'bob submits his night market to the winter jam',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: submissions, body: { contentId: worlds.nightMarket, description: 'Lanterns all night.' } },
      reads: [{ as: 'bob', path: submissions }],
    }),
  },
  {
    operation: 'DELETE /jams/{jamId}/submissions/{jamSubmissionId}',
    label: 'alice withdraws her workshop from the winter jam',
    prepare: async () => ({
      write: { method: 'DELETE', path: `${submissions}/jsub_a11ce000-0000-4000-8000-00000000e401` },
      reads: [{ as: 'bob', path: submissions }, { path: `${submissions}?submitterId=${ids.alice}` }],
    }),
  },
];
