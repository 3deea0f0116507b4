import { newProp } from '../props-fixtures.js';
import type { WriteCase } from './case.js';

const props = {
  /** Alice's, public. */
  paperLantern: 'prop_a11ce000-0000-4000-8000-00000000e101',
  /** Alice's, private. */
  draftChair: 'prop_a11ce000-0000-4000-8000-00000000e102',
};

const prop = (id: string, as: 'alice' | 'bob' = 'alice') => ({ as, path: `/props/${id}` });

export const cases: WriteCase[] = [
  {
    operation: 'POST /props',
    label: 'alice creates a prop',
    prepare: async () => ({
      write: { method: 'POST', path: '/props', body: newProp },
      reads: [{ path: '/props' }, prop(newProp.id)],
    }),
  },
  {
    operation: 'PUT /props/{propId}',
    label: 'alice renames and retags her paper lantern',
    prepare: async () => ({
      write: { method: 'PUT', path: `/props/${props.paperLantern}`, body: { name: 'Sky Lantern', tags: ['content_props'] } },
      reads: [prop(props.paperLantern, 'bob')],
    }),
  },
  {
    operation: 'DELETE /props/{propId}',
    label: 'alice deletes her draft chair',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/props/${props.draftChair}` },
      reads: [{ path: '/props' }, prop(props.draftChair)],
    }),
  },
  {
    operation: 'PUT /props/{propId}/publish',
    label: 'alice publishes her draft chair',
    prepare: async () => ({
      write: { method: 'PUT', path: `/props/${props.draftChair}/publish` },
      reads: [prop(props.draftChair, 'bob'), { path: `/props/${props.draftChair}/publish` }],
    }),
  },
  {
    operation: 'DELETE /props/{propId}/publish',
    label: 'alice unpublishes her paper lantern',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/props/${props.paperLantern}/publish` },
      reads: [prop(props.paperLantern, 'bob'), { path: `/props/${props.paperLantern}/publish` }],
    }),
  },
];
