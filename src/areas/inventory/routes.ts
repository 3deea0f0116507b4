import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { equipItem, findHeldItem, InventoryQuerySchema, listInventory, unequipSlot } from './inventory.js';
import { findTemplate, inventoryCollections, spawnItem } from './templates.js';
import { dropView, listDrops, redeemReward } from './rewards.js';
import { consumeItem, deleteItem, updateItem } from './edits.js';
import { json, jsonBody } from '../../http/helpers.js';
import { queryOf } from '../../schema/query.js';
import { shareDirect, sharePedestal } from './cloning.js';

/** The requester's inventory: read, equip, unequip, redeem rewards; drops; and one item of any holder. */
export const inventoryRoutes = new Hono<AppEnv>();

inventoryRoutes.get('/inventory', (c) => json(c, listInventory(c.get('sandbox'), c.get('user'), queryOf(c, InventoryQuerySchema))));

// Literal paths before /inventory/:inventoryItemId, which would take them as ids.
inventoryRoutes.get('/inventory/collections', (c) => json(c, inventoryCollections(c.get('sandbox'), c.get('user'))));

inventoryRoutes.get('/inventory/drops', (c) => json(c, listDrops(c.get('sandbox'), c.req.query()).map(dropView)));

inventoryRoutes.get('/inventory/cloning/pedestal', (c) => json(c, sharePedestal(c.get('sandbox'), c.get('user'), c.req.query())));

inventoryRoutes.post('/inventory/cloning/direct', async (c) =>
  json(c, shareDirect(c.get('sandbox'), c.get('user'), c.req.query(), await jsonBody(c))),
);

inventoryRoutes.get('/inventory/spawn', (c) => json(c, spawnItem(c.get('sandbox'), c.get('user'), c.req.query())));

inventoryRoutes.get('/inventory/template/:templateId', (c) => json(c, findTemplate(c.get('sandbox'), c.req.param('templateId'))));

inventoryRoutes.get('/inventory/:inventoryItemId', (c) =>
  json(c, findHeldItem(c.get('sandbox'), c.get('user').id, c.req.param('inventoryItemId'))),
);

inventoryRoutes.put('/inventory/:inventoryItemId', async (c) => {
  const body = await jsonBody(c);
  return json(c, updateItem(c.get('sandbox'), c.get('user'), c.req.param('inventoryItemId'), body));
});

inventoryRoutes.delete('/inventory/:inventoryItemId', (c) =>
  json(c, deleteItem(c.get('sandbox'), c.get('user'), c.req.param('inventoryItemId'))),
);

inventoryRoutes.put('/inventory/:inventoryItemId/consume', (c) =>
  json(c, consumeItem(c.get('sandbox'), c.get('user'), c.req.param('inventoryItemId'))),
);

inventoryRoutes.put('/inventory/:inventoryItemId/equip', async (c) => {
  const body = await jsonBody(c);
  return json(c, equipItem(c.get('sandbox'), c.get('user'), c.req.param('inventoryItemId'), body));
});

// The real API names the slot in the item id's place to unequip it.
inventoryRoutes.delete('/inventory/:slot/equip', (c) => json(c, unequipSlot(c.get('sandbox'), c.get('user'), c.req.param('slot'))));

inventoryRoutes.get('/user/:userId/inventory/:inventoryItemId', (c) =>
  json(c, findHeldItem(c.get('sandbox'), c.req.param('userId'), c.req.param('inventoryItemId'))),
);

inventoryRoutes.post('/reward/redeem', async (c) => {
  const body = await jsonBody(c);
  return json(c, redeemReward(c.get('sandbox'), c.get('user'), body));
});
