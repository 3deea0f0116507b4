import type { WriteCase } from './case.js';

const items = {
  blueDrone: 'inv_a11ce000-0000-4000-8000-0000000c0001',
  redDrone: 'inv_a11ce000-0000-4000-8000-0000000c0002',
  partySticker: 'inv_a11ce000-0000-4000-8000-0000000c0004',
  /** No item of the default world is consumable: the case puts this one in alice's inventory. */
  snack: 'inv_a11ce000-0000-4000-8000-0000000c0aaa',
};

const snack = {
  id: items.snack,
  templateId: 'invt_00000000-0000-4000-8000-0000000c1aaa',
  holderId: 'usr_a11ce000-0000-4000-8000-000000000001',
  name: 'Party Snack',
  itemType: 'prop',
  flags: ['consumable'],
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  template_created_at: '2025-11-05T00:00:00.000Z',
  template_updated_at: '2025-11-05T00:00:00.000Z',
};

const item = (id: string) => ({ path: `/inventory/${id}` });

export const cases: WriteCase[] = [
  {
    operation: 'POST /inventory/cloning/direct',
    label: 'alice shares a copy of her party sticker with bob',
    prepare: async () => ({
      write: {
        method: 'POST',
        path: `/inventory/cloning/direct?itemId=${items.partySticker}&duration=60`,
        body: { itemId: items.partySticker, users: ['usr_b0b00000-0000-4000-8000-000000000002'] },
      },
      reads: [{ as: 'bob', path: '/inventory' }],
    }),
  },
  {
    operation: 'PUT /inventory/{inventoryItemId}',
    label: 'alice archives and recolours her blue drone',
    prepare: async () => ({
      write: {
        method: 'PUT',
        path: `/inventory/${items.blueDrone}`,
        body: { isArchived: true, userAttributes: { primaryColor: '#ff0000' } },
      },
      reads: [item(items.blueDrone)],
    }),
  },
  {
    operation: 'DELETE /inventory/{inventoryItemId}',
    label: 'alice throws her party sticker away',
    prepare: async () => ({
      write: { method: 'DELETE', path: `/inventory/${items.partySticker}` },
      reads: [item(items.partySticker), { path: '/inventory' }],
    }),
  },
  {
    operation: 'PUT /inventory/{inventoryItemId}/consume',
    label: 'alice uses up a consumable item',
    prepare: async (api) => {
      await api.send({ method: 'PUT', path: '/_mock/records/inventoryItems', body: snack });
      return {
        write: { method: 'PUT', path: `/inventory/${items.snack}/consume` },
        reads: [item(items.snack), { path: '/inventory' }],
      };
    },
  },
  {
    operation: 'PUT /inventory/{inventoryItemId}/equip',
    label: 'alice equips her red drone in place of the blue one',
    prepare: async () => ({
      write: { method: 'PUT', path: `/inventory/${items.redDrone}/equip`, body: { equipSlot: 'drone' } },
      reads: [item(items.redDrone), item(items.blueDrone)],
    }),
  },
  {
    operation: 'DELETE /inventory/{inventoryItemId}/equip',
    label: 'alice empties her drone slot',
    prepare: async () => ({
      write: { method: 'DELETE', path: '/inventory/drone/equip' },
      reads: [item(items.blueDrone)],
    }),
  },
  {
    operation: 'POST /reward/redeem',
    label: 'bob redeems the party code',
    prepare: async () => ({
      write: { as: 'bob', method: 'POST', path: '/reward/redeem', body: { code: 'PARTY-2026' } },
      reads: [{ as: 'bob', path: '/inventory' }],
    }),
  },
];
