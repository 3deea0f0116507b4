import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { expectError, testSandbox } from '../../support/helpers.js';

const items = {
  blueDrone: 'inv_a11ce000-0000-4000-8000-0000000c0001',
  redDrone: 'inv_a11ce000-0000-4000-8000-0000000c0002',
  partySticker: 'inv_a11ce000-0000-4000-8000-0000000c0004',
  bobsDrone: 'inv_b0b00000-0000-4000-8000-0000000c0101',
};

async function asAlice(tweak?: Parameters<typeof testSandbox>[0]) {
  const t = testSandbox(tweak);
  return { t, alice: await t.login('alice') };
}

describe('PUT /inventory/{id}', () => {
  it('archives an archivable item, marks it seen and recolours it; the next read shows it', async () => {
    const { t, alice } = await asAlice();
    const body = { isArchived: true, isSeen: true, userAttributes: { primaryColor: '#ff0000' } };
    expect((await t.call('PUT', `/inventory/${items.blueDrone}`, { cookie: alice, body })).status).toBe(200);
    const read = await t.call('GET', `/inventory/${items.blueDrone}`, { cookie: alice });
    expect(read.body).toMatchObject({ isArchived: true, isSeen: true, userAttributes: { primaryColor: '#ff0000' } });
  });

  it('refuses to archive an item without the archivable flag', async () => {
    const { t, alice } = await asAlice();
    expectError(
      await t.call('PUT', `/inventory/${items.redDrone}`, { cookie: alice, body: { isArchived: true } }),
      400,
      messages.inventoryItemNotArchivable,
    );
  });

  it("answers 404 for someone else's item", async () => {
    const { t, alice } = await asAlice();
    expectError(
      await t.call('PUT', `/inventory/${items.bobsDrone}`, { cookie: alice, body: { isSeen: true } }),
      404,
      messages.inventoryItemNotFound,
    );
  });
});

describe('DELETE /inventory/{id}', () => {
  it('throws away a trashable item: gone from reads and the list', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('DELETE', `/inventory/${items.partySticker}`, { cookie: alice });
    expect(r.body).toEqual({ success: true });
    expectError(await t.call('GET', `/inventory/${items.partySticker}`, { cookie: alice }), 404, messages.inventoryItemNotFound);
    const list = await t.call('GET', '/inventory?n=100', { cookie: alice });
    expect(list.body.data.map((i: { id: string }) => i.id)).not.toContain(items.partySticker);
  });

  it('keeps an item that is not trashable', async () => {
    const { t, alice } = await asAlice();
    expectError(await t.call('DELETE', `/inventory/${items.blueDrone}`, { cookie: alice }), 400, messages.inventoryItemNotTrashable);
  });
});

describe('PUT /inventory/{id}/consume', () => {
  it('uses up a consumable item', async () => {
    const { t, alice } = await asAlice((data) => {
      data.inventoryItems.find((i) => i.id === items.partySticker)!.flags.push('consumable');
    });
    const r = await t.call('PUT', `/inventory/${items.partySticker}/consume`, { cookie: alice });
    expect(r.body).toEqual({ errors: [], inventoryItems: [], inventoryItemsCreated: 0 });
    expectError(await t.call('GET', `/inventory/${items.partySticker}`, { cookie: alice }), 404, messages.inventoryItemNotFound);
  });

  it('refuses an item that is not consumable with the real message', async () => {
    const { t, alice } = await asAlice();
    expectError(await t.call('PUT', `/inventory/${items.blueDrone}/consume`, { cookie: alice }), 400, 'InventoryItem not consumable');
  });
});

describe('templates, collections and spawning', () => {
  it('GET /inventory/template/{id} answers the template its items carry', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('GET', '/inventory/template/invt_00000000-0000-4000-8000-0000000c1001', { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 'invt_00000000-0000-4000-8000-0000000c1001',
      name: 'Blue Drone',
      status: 'live',
      equipSlots: ['drone'],
    });
  });

  it('answers 404 for a template no item is made from', async () => {
    const { t, alice } = await asAlice();
    expectError(
      await t.call('GET', '/inventory/template/invt_00000000-0000-4000-8000-00000000ffff', { cookie: alice }),
      404,
      messages.inventoryTemplateNotFound,
    );
  });

  it("GET /inventory/collections lists the requester's collections once each", async () => {
    const { t, alice } = await asAlice();
    expect((await t.call('GET', '/inventory/collections', { cookie: alice })).body).toEqual(['starter', 'seasonal']);
  });

  it('GET /inventory/spawn gives a token for an instantiatable item only', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('GET', `/inventory/spawn?id=${items.partySticker}`, { cookie: alice });
    expect(r.body).toEqual({ token: expect.any(String), version: 1 });
    expectError(
      await t.call('GET', `/inventory/spawn?id=${items.blueDrone}`, { cookie: alice }),
      400,
      messages.inventoryItemNotInstantiatable,
    );
    expectError(await t.call('GET', '/inventory/spawn', { cookie: alice }), 400, 'id is required');
  });

  it('GET /inventory/spawn spawns an item every user has without holding it, as the live service does', async () => {
    const { t, alice } = await asAlice();
    const r = await t.call('GET', '/inventory/spawn?id=default_money', { cookie: alice });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ token: expect.any(String), version: 1 });
    expect((await t.call('GET', '/inventory/spawn?id=default_money', { cookie: alice })).body.token).toBe(r.body.token);
    t.clock.advance(1000);
    expect((await t.call('GET', '/inventory/spawn?id=default_money', { cookie: alice })).body.token).not.toBe(r.body.token);
  });

  it('GET /inventory/spawn checks an item id it is given and the item it names', async () => {
    const { t, alice } = await asAlice();
    expectError(
      await t.call('GET', '/inventory/spawn?id=inv_nope', { cookie: alice }),
      400,
      'id must be inv_ followed by a UUID (inv_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)',
    );
    const unknown = 'inv_00000000-0000-4000-8000-00000000ffff';
    expectError(await t.call('GET', `/inventory/spawn?id=${unknown}`, { cookie: alice }), 404, messages.inventoryItemNotFound);
  });
});
