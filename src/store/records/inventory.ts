import * as z from 'zod';
import { count, flag, idOf, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/** An empty equipSlot means the item is not equipped. */
export const InventoryEquipSlot = lazy(() => z.enum(['', 'drone', 'portal', 'warp']));
export type InventoryEquipSlot = z.infer<typeof InventoryEquipSlot>;
export const InventoryItemType = lazy(() => z.enum(['bundle', 'droneskin', 'emoji', 'portalskin', 'prop', 'sticker', 'warpeffect']));
export const InventoryFlag = lazy(() =>
  z.enum(['archivable', 'cloneable', 'consumable', 'equippable', 'instantiatable', 'trashable', 'ugc', 'unique']),
);

const InventoryMetadataSchema = lazy(() =>
  z.object({
    animated: z.boolean().optional(),
    animationStyle: z.string().optional(),
    assetBundleId: z.string().optional(),
    fileId: z.string().optional(),
    imageUrl: z.string().optional(),
    inventoryItemsToInstantiate: z.array(idOf('invt')).optional(),
    maskTag: z.string().optional(),
    propId: idOf('prop').optional(),
    propKind: z.number().int().optional(),
  }),
);

const DefaultAttributeSchema = lazy(() =>
  z.object({
    defaultValue: z.string(),
    validator: z.object({ type: z.string() }),
  }),
);

const UserAttributesSchema = lazy(() =>
  z.object({
    primaryColor: text(),
    secondaryColor: text(),
    trailColor: text(),
  }),
);

/**
 * An InventoryItem as stored and as its holder reads it: the item carries its template's fields
 * (equipSlots, flags, itemType...), as the real API's items do, so equipping needs no template lookup.
 */
export const InventoryItemSchema = lazy(() =>
  z.object({
    id: idOf('inv'),
    templateId: idOf('invt'),
    holderId: idOf('usr'),
    name: z.string(),
    description: text(),
    acquisition: z.string().default('purchase'),
    imageUrl: text(),
    itemType: InventoryItemType.default('droneskin'),
    itemTypeLabel: text(),
    attribution: z.unknown().nullable().default(null),
    collections: z.array(z.string()).default(() => []),
    flags: z.array(InventoryFlag).default(() => []),
    tags: z.array(z.string()).default(() => []),
    /** The slots the template may be equipped in; equipping needs the `equippable` flag too. */
    equipSlots: z.array(InventoryEquipSlot).default(() => []),
    equipSlot: InventoryEquipSlot.default(''),
    /** Slot -> when the item was last equipped there. */
    last_equipped: z.record(z.string(), z.string()).default(() => ({})),
    created_at: timestamp(),
    updated_at: timestamp(),
    template_created_at: timestamp(),
    template_updated_at: timestamp(),
    expiryDate: z.string().nullable().default(null),
    defaultAttributes: z.record(z.string(), DefaultAttributeSchema).default(() => ({})),
    userAttributes: UserAttributesSchema.default(() => ({ primaryColor: '', secondaryColor: '', trailColor: '' })),
    metadata: InventoryMetadataSchema.default(() => ({})),
    isArchived: flag(),
    isSeen: flag(),
    quantifiable: flag(),
    validateUserAttributes: flag(),
  }),
);
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

/**
 * An item as the sandbox keeps it. The last item of a template, once thrown away or used up, stays with
 * `removedAt` set and out of every inventory: templates live in their items, and a reward code may
 * still name the template.
 */
export const InventoryItemRecordSchema = lazy(() => InventoryItemSchema.extend({ removedAt: z.string().optional() }));
export type InventoryItemRecord = z.infer<typeof InventoryItemRecordSchema>;

/** GET /inventory: one page of the holder's items and how many match in all. */
export const InventorySchema = lazy(() =>
  z.object({
    data: z.array(InventoryItemSchema),
    totalCount: count(),
  }),
);

export const EquipRequestSchema = lazy(() => z.object({ equipSlot: z.string() }));

export const InventorySortOrder = lazy(() => z.enum(['newest', 'newest_created', 'oldest', 'oldest_created']));
