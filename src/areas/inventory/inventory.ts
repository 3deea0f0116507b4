import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import {
  EquipRequestSchema,
  InventoryEquipSlot,
  InventoryFlag,
  InventoryItemType,
  InventorySortOrder,
  type InventoryItemRecord,
} from '../../store/records/inventory.js';
import { idOf } from '../../schema/common.js';
import { pageParams, queryBool, queryList } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { addItem, clearEquipped, equippedIn, setEquipped } from '../../store/indexes/inventory.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { sendContentRefresh } from '../files/public.js';

/** An item the user holds; anyone else's item, or none, is not found. */
export function findHeldItem(sandbox: Sandbox, holderId: string, itemId: string): InventoryItemRecord {
  const item = sandbox.inventoryByHolder.get(holderId)?.get(itemId);
  if (!item) throw new ApiError(404, messages.inventoryItemNotFound);
  return item;
}

/**
 * Gives `holderId` a new item made from `source` (a copy of its template's fields), as acquired now:
 * unequipped, unseen, not archived; `changes` set what else differs from the source. The holder's
 * sockets are told, as the real pipeline tells a client an item arrived in its inventory.
 */
export function giveItemLike(
  sandbox: Sandbox,
  source: InventoryItemRecord,
  holderId: string,
  acquisition: string,
  changes: Partial<InventoryItemRecord> = {},
): InventoryItemRecord {
  const now = isoNow(sandbox.clock);
  const { removedAt: _removed, ...template } = structuredClone(source);
  const item: InventoryItemRecord = {
    ...template,
    id: newId('inv'),
    holderId,
    acquisition,
    equipSlot: '',
    last_equipped: {},
    created_at: now,
    updated_at: now,
    isArchived: false,
    isSeen: false,
    ...changes,
  };
  addItem(sandbox, item);
  sendContentRefresh(sandbox, holderId, {
    contentType: 'inventory',
    actionType: 'add',
    fileId: '',
    itemId: item.id,
    itemType: item.itemType,
  });
  return item;
}

/**
 * Equips one of the requester's items in a slot its template allows, unequipping whatever item of
 * theirs held that slot before. An item moved from another slot leaves that slot empty.
 */
export function equipItem(sandbox: Sandbox, actor: UserRecord, itemId: string, body: unknown): InventoryItemRecord {
  const item = findHeldItem(sandbox, actor.id, itemId);
  const { equipSlot } = parseInput(EquipRequestSchema, body);
  const slot = InventoryEquipSlot.safeParse(equipSlot);
  if (!slot.success || slot.data === '' || !item.flags.includes('equippable') || !item.equipSlots.includes(slot.data)) {
    throw new ApiError(400, messages.inventoryItemNotEquippable);
  }
  const now = isoNow(sandbox.clock);
  const previous = equippedIn(sandbox, actor.id, slot.data);
  if (previous && previous !== item) {
    previous.equipSlot = '';
    previous.updated_at = now;
  }
  if (item.equipSlot !== '' && item.equipSlot !== slot.data) clearEquipped(sandbox, actor.id, item.equipSlot);
  item.equipSlot = slot.data;
  item.last_equipped = { ...item.last_equipped, [slot.data]: now };
  item.updated_at = now;
  setEquipped(sandbox, item);
  return item;
}

const UnequipSlotSchema = lazy(() => z.object({ slot: InventoryEquipSlot.exclude(['']) }));

/** Empties one of the requester's slots; an empty slot stays empty. */
export function unequipSlot(sandbox: Sandbox, actor: UserRecord, slotParam: string): 'OK' {
  const { slot } = parseInput(UnequipSlotSchema, { slot: slotParam });
  const item = equippedIn(sandbox, actor.id, slot);
  if (item) {
    item.equipSlot = '';
    item.updated_at = isoNow(sandbox.clock);
    clearEquipped(sandbox, actor.id, slot);
  }
  return 'OK';
}

export const InventoryQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    holderId: idOf('usr').optional(),
    equipSlot: InventoryEquipSlot.optional(),
    order: InventorySortOrder.default('newest'),
    tags: queryList().optional(),
    types: queryList().pipe(z.array(InventoryItemType)).optional(),
    flags: queryList().pipe(z.array(InventoryFlag)).optional(),
    notTypes: queryList().pipe(z.array(InventoryItemType)).optional(),
    notFlags: queryList().pipe(z.array(InventoryFlag)).optional(),
    archived: queryBool().optional(),
  }),
);
export type InventoryQuery = z.infer<typeof InventoryQuerySchema>;

function matches(item: InventoryItemRecord, q: InventoryQuery): boolean {
  if (q.equipSlot !== undefined && item.equipSlot !== q.equipSlot) return false;
  if (q.archived !== undefined && item.isArchived !== q.archived) return false;
  if (q.tags && !q.tags.some((tag) => item.tags.includes(tag))) return false;
  if (q.types && !q.types.includes(item.itemType)) return false;
  if (q.notTypes?.includes(item.itemType)) return false;
  if (q.flags && !q.flags.every((flag) => item.flags.includes(flag))) return false;
  if (q.notFlags?.some((flag) => item.flags.includes(flag))) return false;
  return true;
}

/**
 * The requester's inventory, filtered: `tags` and `types` match any one listed, `flags` needs every
 * one listed, `notTypes`/`notFlags` exclude any listed. `newest`/`oldest` order by when the item was
 * acquired (created_at), `newest_created`/`oldest_created` by when its template was created.
 */
export function listInventory(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const q = parseInput(InventoryQuerySchema, query);
  if (q.holderId !== undefined && q.holderId !== actor.id) throw new ApiError(403, messages.inventoryNoPermission);
  const held = sandbox.inventoryByHolder.get(actor.id);
  const found = held ? [...held.values()].filter((item) => matches(item, q)) : [];
  const field = q.order.endsWith('_created') ? 'template_created_at' : 'created_at';
  const direction = q.order.startsWith('newest') ? -1 : 1;
  found.sort((a, b) => direction * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { data: found.slice(q.offset, q.offset + q.n), totalCount: found.length };
}
