import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { InventoryItemRecord } from '../../store/records/inventory.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import { clearEquipped, equippedIn, itemOfTemplate } from '../../store/indexes/inventory.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findHeldItem } from './inventory.js';

export const UpdateInventoryItemRequestSchema = lazy(() =>
  z.object({
    isArchived: z.boolean().optional(),
    isSeen: z.boolean().optional(),
    userAttributes: z.object({ primaryColor: z.string(), secondaryColor: z.string(), trailColor: z.string() }).partial().optional(),
  }),
);

/** PUT /inventory/{id}: archive (items flagged archivable), mark seen, or recolour one of the requester's items. */
export function updateItem(sandbox: Sandbox, actor: UserRecord, itemId: string, body: unknown): InventoryItemRecord {
  const change = parseInput(UpdateInventoryItemRequestSchema, body);
  const item = findHeldItem(sandbox, actor.id, itemId);
  if (change.isArchived && !item.flags.includes('archivable')) throw new ApiError(400, messages.inventoryItemNotArchivable);
  if (change.isArchived !== undefined) item.isArchived = change.isArchived;
  if (change.isSeen !== undefined) item.isSeen = change.isSeen;
  if (change.userAttributes) item.userAttributes = { ...item.userAttributes, ...change.userAttributes };
  item.updated_at = isoNow(sandbox.clock);
  return item;
}

/**
 * Takes the item out of its holder's inventory and out of the slot it held. The last item of its
 * template stays in the world, marked removed, so the template (which a reward code may name) stays.
 */
function remove(sandbox: Sandbox, item: InventoryItemRecord): void {
  if (item.equipSlot !== '' && equippedIn(sandbox, item.holderId, item.equipSlot) === item)
    clearEquipped(sandbox, item.holderId, item.equipSlot);
  sandbox.inventoryByHolder.get(item.holderId)?.delete(item.id);
  if (itemOfTemplate(sandbox, item.templateId, item)) sandbox.inventoryItems.delete(item.id);
  else Object.assign(item, { removedAt: isoNow(sandbox.clock), equipSlot: '' });
}

/** DELETE /inventory/{id}: an item flagged trashable is thrown away. */
export function deleteItem(sandbox: Sandbox, actor: UserRecord, itemId: string) {
  const item = findHeldItem(sandbox, actor.id, itemId);
  if (!item.flags.includes('trashable')) throw new ApiError(400, messages.inventoryItemNotTrashable);
  remove(sandbox, item);
  return { success: true };
}

/** PUT /inventory/{id}/consume: an item flagged consumable is used up; nothing here grants items in return. */
export function consumeItem(sandbox: Sandbox, actor: UserRecord, itemId: string) {
  const item = findHeldItem(sandbox, actor.id, itemId);
  if (!item.flags.includes('consumable')) throw new ApiError(400, messages.inventoryItemNotConsumable);
  remove(sandbox, item);
  return { errors: [], inventoryItems: [], inventoryItemsCreated: 0 };
}
