import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const InventoryItemRecordSchema = z.looseObject({ id: z.string(), holderId: z.string() });
export type InventoryItemRecord = z.infer<typeof InventoryItemRecordSchema>;
