import type { InventoryItemRecord } from '../records/inventory.js';
import { WatchedMap, recordsById } from '../watched-map.js';

export interface InventoryIndex {
  readonly inventoryItems: Map<string, InventoryItemRecord>;
  /** holderId -> itemId -> item, in the order the items were added. */
  readonly inventoryByHolder: Map<string, Map<string, InventoryItemRecord>>;
  /** holderId -> slot -> the item equipped there: at most one item per holder and slot. */
  readonly inventoryEquipped: Map<string, Map<string, InventoryItemRecord>>;
}

/** Indexes items by holder and slot; when data equips two items in one slot, the later one keeps it. */
export function indexInventory(items: InventoryItemRecord[]): InventoryIndex {
  const index: InventoryIndex = {
    inventoryItems: recordsById(),
    inventoryByHolder: new WatchedMap(),
    inventoryEquipped: new WatchedMap(),
  };
  for (const item of items) {
    addItem(index, item);
    if (item.equipSlot === '' || item.removedAt !== undefined) continue;
    const earlier = equippedIn(index, item.holderId, item.equipSlot);
    if (earlier) earlier.equipSlot = '';
    setEquipped(index, item);
  }
  return index;
}

/** Adds an item to the sandbox's items and, unless it is a removed one kept for its template, to its holder's. */
export function addItem(index: InventoryIndex, item: InventoryItemRecord): void {
  index.inventoryItems.set(item.id, item);
  if (item.removedAt !== undefined) return;
  let held = index.inventoryByHolder.get(item.holderId);
  if (!held) index.inventoryByHolder.set(item.holderId, (held = new Map()));
  held.set(item.id, item);
}

/** An item made from the template other than `except` (removed ones included: they keep the template), if any. */
export function itemOfTemplate(index: InventoryIndex, templateId: string, except?: InventoryItemRecord): InventoryItemRecord | undefined {
  for (const item of index.inventoryItems.values()) if (item.templateId === templateId && item !== except) return item;
  return undefined;
}

export const equippedIn = (index: InventoryIndex, holderId: string, slot: string) => index.inventoryEquipped.get(holderId)?.get(slot);

/** Records that the item holds its equipSlot (the caller has set it). */
export function setEquipped(index: InventoryIndex, item: InventoryItemRecord): void {
  let slots = index.inventoryEquipped.get(item.holderId);
  if (!slots) index.inventoryEquipped.set(item.holderId, (slots = new Map()));
  slots.set(item.equipSlot, item);
}

export function clearEquipped(index: InventoryIndex, holderId: string, slot: string): void {
  index.inventoryEquipped.get(holderId)?.delete(slot);
}
