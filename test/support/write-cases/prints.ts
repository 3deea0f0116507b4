import { png, printIds, worldIds } from '../prints-fixtures.js';
import { ids } from '../helpers.js';
import type { WriteCase } from './case.js';

const printForm = (note: string) => () => {
  const form = new FormData();
  form.set('note', note);
  form.set('timestamp', '2026-01-15T11:58:00.000Z');
  form.set('worldId', worldIds.quietGarden);
  form.set('image', new Blob([png(1, 2, 3)], { type: 'image/png' }), 'print.png');
  return form;
};

export const cases: WriteCase[] = [
  {
    operation: 'POST /prints',
    label: 'alice uploads a print',
    prepare: async () => ({
      write: { method: 'POST', path: '/prints', form: printForm('first light') },
      reads: [{ path: `/prints/user/${ids.alice}` }],
    }),
  },
  {
    operation: 'POST /prints/{printId}',
    label: 'eve edits the note of her print',
    prepare: async () => ({
      write: { as: 'eve', method: 'POST', path: `/prints/${printIds.quietGarden}`, form: printForm('edited at dusk') },
      reads: [{ as: 'eve', path: `/prints/${printIds.quietGarden}` }],
    }),
  },
  {
    operation: 'DELETE /prints/{printId}',
    label: 'eve deletes a print',
    prepare: async () => ({
      write: { as: 'eve', method: 'DELETE', path: `/prints/${printIds.nightMarket}` },
      reads: [
        { as: 'eve', path: `/prints/${printIds.nightMarket}` },
        { as: 'eve', path: `/prints/user/${ids.eve}` },
      ],
    }),
  },
];
