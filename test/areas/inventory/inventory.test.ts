import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { InventoryItemSchema, InventorySchema } from '../../../src/store/records/inventory.js';
import { expectError, expectShape, ids, testSandbox } from '../../support/helpers.js';

/** Fixture items: alice's two drone skins compete for the drone slot; the sticker is not equippable. */
const items = {
  blueDrone: 'inv_a11ce000-0000-4000-8000-0000000c0001',
  redDrone: 'inv_a11ce000-0000-4000-8000-0000000c0002',
  auroraPortal: 'inv_a11ce000-0000-4000-8000-0000000c0003',
  sticker: 'inv_a11ce000-0000-4000-8000-0000000c0004',
  bobsDrone: 'inv_b0b00000-0000-4000-8000-0000000c0101',
  unknown: 'inv_00000000-0000-4000-8000-00000000dead',
};
const NOW = '2026-01-15T12:00:00.000Z';

async function aliceWorld() {
  const t = testSandbox();
  const cookie = await t.login('alice');
  const read = async (itemId: string) => {
    const r = await t.call('GET', `/inventory/${itemId}`, { cookie });
    expect(r.status).toBe(200);
    return expectShape(InventoryItemSchema, r.body);
  };
  const equip = (itemId: string, body: unknown) => t.call('PUT', `/inventory/${itemId}/equip`, { cookie, body });
  return { t, cookie, read, equip };
}

describe('PUT /inventory/{inventoryItemId}/equip', () => {
  it('equips the item in the slot and shows it equipped on the next read', async () => {
    const { read, equip } = await aliceWorld();
    const r = await equip(items.redDrone, { equipSlot: 'drone' });
    expect(r.status).toBe(200);
    const answered = expectShape(InventoryItemSchema, r.body);
    expect(answered).toMatchObject({ id: items.redDrone, equipSlot: 'drone', updated_at: NOW });
    expect(answered.last_equipped).toEqual({ drone: NOW });
    expect(await read(items.redDrone)).toMatchObject({ equipSlot: 'drone', last_equipped: { drone: NOW } });
  });

  it('unequips the item that held the slot before', async () => {
    const { read, equip } = await aliceWorld();
    expect((await read(items.blueDrone)).equipSlot).toBe('drone');
    await equip(items.redDrone, { equipSlot: 'drone' });
    const blue = await read(items.blueDrone);
    expect(blue.equipSlot).toBe('');
    expect(blue.updated_at).toBe(NOW);
    expect(blue.last_equipped).toEqual({ drone: '2026-01-05T09:00:00.000Z' });
  });

  it('leaves other slots alone', async () => {
    const { read, equip } = await aliceWorld();
    await equip(items.auroraPortal, { equipSlot: 'portal' });
    expect((await read(items.auroraPortal)).equipSlot).toBe('portal');
    expect((await read(items.blueDrone)).equipSlot).toBe('drone');
  });

  it('keeps an item equipped when it is equipped again in its own slot', async () => {
    const { read, equip } = await aliceWorld();
    expect((await equip(items.blueDrone, { equipSlot: 'drone' })).status).toBe(200);
    expect((await read(items.blueDrone)).equipSlot).toBe('drone');
  });

  it('refuses an item whose template cannot be equipped, and leaves it as it was', async () => {
    const { read, equip } = await aliceWorld();
    expectError(await equip(items.sticker, { equipSlot: 'drone' }), 400, messages.inventoryItemNotEquippable);
    expect(await read(items.sticker)).toMatchObject({ equipSlot: '', last_equipped: {} });
  });

  it('refuses a slot the item template does not list, and keeps the slot holder', async () => {
    const { read, equip } = await aliceWorld();
    expectError(await equip(items.redDrone, { equipSlot: 'portal' }), 400, 'InventoryItem not equippable');
    expectError(await equip(items.redDrone, { equipSlot: '' }), 400, 'InventoryItem not equippable');
    expectError(await equip(items.redDrone, { equipSlot: 'hat' }), 400, 'InventoryItem not equippable');
    expect((await read(items.redDrone)).equipSlot).toBe('');
    expect((await read(items.blueDrone)).equipSlot).toBe('drone');
  });

  it("answers 404 for another user's item and leaves it unequipped", async () => {
    const { t, equip } = await aliceWorld();
    expectError(await equip(items.bobsDrone, { equipSlot: 'drone' }), 404, messages.inventoryItemNotFound);
    const bob = await t.login('bob');
    const r = await t.call('GET', `/inventory/${items.bobsDrone}`, { cookie: bob });
    expect(expectShape(InventoryItemSchema, r.body).equipSlot).toBe('');
  });

  it('answers 404 for an unknown item', async () => {
    const { equip } = await aliceWorld();
    expectError(await equip(items.unknown, { equipSlot: 'drone' }), 404, 'InventoryItem not found');
  });

  it('asks for equipSlot as a string', async () => {
    const { equip } = await aliceWorld();
    expectError(await equip(items.redDrone, {}), 400, 'equipSlot is required');
    expectError(await equip(items.redDrone, { equipSlot: 3 }), 400, 'equipSlot must be a string');
    expectError(await equip(items.redDrone, '{"equipSlot":'), 400, messages.malformedJson);
  });

  it('needs a session', async () => {
    const t = testSandbox();
    expectError(await t.call('PUT', `/inventory/${items.redDrone}/equip`, { body: { equipSlot: 'drone' } }), 401, 'Missing Credentials');
  });
});

describe('DELETE /inventory/{slot}/equip', () => {
  it('empties the slot, as the next read shows', async () => {
    const { t, cookie, read } = await aliceWorld();
    const r = await t.call('DELETE', '/inventory/drone/equip', { cookie });
    expect(r.status).toBe(200);
    expect(r.body).toBe('OK');
    expect((await read(items.blueDrone)).equipSlot).toBe('');
  });

  it('answers 400 for something that is not a slot', async () => {
    const { t, cookie } = await aliceWorld();
    expectError(await t.call('DELETE', '/inventory/hat/equip', { cookie }), 400, 'slot must be one of drone, portal, warp');
  });
});

describe('GET /inventory/{inventoryItemId}', () => {
  it('returns an item the requester holds in full', async () => {
    const { read } = await aliceWorld();
    const item = await read(items.blueDrone);
    expect(item).toMatchObject({
      holderId: ids.alice,
      templateId: 'invt_00000000-0000-4000-8000-0000000c1001',
      flags: ['equippable', 'archivable'],
    });
  });

  it("answers 404 for another user's item", async () => {
    const { t, cookie } = await aliceWorld();
    expectError(await t.call('GET', `/inventory/${items.bobsDrone}`, { cookie }), 404, messages.inventoryItemNotFound);
  });
});

describe('GET /user/{userId}/inventory/{inventoryItemId}', () => {
  it('returns an item the named user holds', async () => {
    const { t, cookie } = await aliceWorld();
    const r = await t.call('GET', `/user/${ids.bob}/inventory/${items.bobsDrone}`, { cookie });
    expect(expectShape(InventoryItemSchema, r.body)).toMatchObject({ id: items.bobsDrone, holderId: ids.bob });
  });

  it('answers 404 when the named user does not hold the item', async () => {
    const { t, cookie } = await aliceWorld();
    expectError(await t.call('GET', `/user/${ids.bob}/inventory/${items.redDrone}`, { cookie }), 404, messages.inventoryItemNotFound);
  });
});

describe('GET /inventory', () => {
  const list = async (query: string) => {
    const { t, cookie } = await aliceWorld();
    return t.call('GET', `/inventory${query}`, { cookie });
  };
  const names = (body: unknown) => expectShape(InventorySchema, body).data.map((item) => item.name);

  it("lists the requester's items, newest acquired first, with the total", async () => {
    const r = await list('');
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(['Party Sticker', 'Aurora Portal', 'Red Drone', 'Blue Drone']);
    expect(r.body.totalCount).toBe(4);
  });

  it('pages with n and offset while totalCount counts every match', async () => {
    const r = await list('?order=oldest&n=2&offset=1');
    expect(names(r.body)).toEqual(['Red Drone', 'Aurora Portal']);
    expect(r.body.totalCount).toBe(4);
  });

  it('filters by equipSlot, flags and notFlags', async () => {
    expect(names((await list('?equipSlot=drone')).body)).toEqual(['Blue Drone']);
    expect(names((await list('?flags=equippable&order=oldest')).body)).toEqual(['Blue Drone', 'Red Drone', 'Aurora Portal']);
    expect(names((await list('?notFlags=equippable')).body)).toEqual(['Party Sticker']);
  });

  it('filters ?flags=a,b to the items holding every flag listed, not any one', async () => {
    const r = await list('?flags=equippable,archivable');
    expect(names(r.body)).toEqual(['Blue Drone']);
    expect(r.body.totalCount).toBe(1);
    expect(names((await list('?flags=equippable,trashable')).body)).toEqual([]);
  });

  it('filters by types and tags, any one listed', async () => {
    expect(names((await list('?types=portalskin,sticker')).body)).toEqual(['Party Sticker', 'Aurora Portal']);
    expect(names((await list('?tags=color_red,color_green')).body)).toEqual(['Aurora Portal', 'Red Drone']);
  });

  it("refuses another holder's inventory", async () => {
    expectError(await list(`?holderId=${ids.bob}`), 403, messages.inventoryNoPermission);
  });

  it('answers 400 naming a bad parameter', async () => {
    expectError(await list('?n=101'), 400, 'n must be at most 100');
    expectError(await list('?archived=maybe'), 400, 'archived must be a boolean');
    expectError(await list('?order=sideways'), 400, 'order must be one of newest, newest_created, oldest, oldest_created');
  });
});
