import * as z from 'zod';
import { flag, idOf, strings, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/** An InventoryDrop: a timed release of templates, as the sandbox holds and answers it. */
export const InventoryDropRecordSchema = lazy(() =>
  z.object({
    id: idOf('invd'),
    authorId: idOf('usr'),
    name: z.string(),
    status: z.string().default('active'),
    isDisabled: flag(),
    targetGroup: z.string().default('everyone'),
    tags: strings(),
    templateIds: z.array(idOf('invt')).default(() => []),
    notificationDetails: z.object({ body: text(), imageUrl: text(), title: text() }).default(() => ({ body: '', imageUrl: '', title: '' })),
    startDropDate: timestamp(),
    endDropDate: z.string().default('2184-07-24T00:00:00.000Z'),
    dropExpiryDate: z.string().nullable().default(null),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
);
export type InventoryDropRecord = z.infer<typeof InventoryDropRecordSchema>;

/**
 * A reward code: redeeming it gives the redeemer an item of the template. A one-time code serves one
 * redemption in all; any other code serves each user once. `redeemedBy` lists who redeemed it.
 */
export const RewardCodeRecordSchema = lazy(() =>
  z.object({
    code: z.string().min(1),
    templateId: idOf('invt'),
    oneTime: flag(),
    redeemedBy: z.array(idOf('usr')).default(() => []),
  }),
);
export type RewardCodeRecord = z.infer<typeof RewardCodeRecordSchema>;

export const RewardRedemptionRequestSchema = lazy(() => z.object({ code: z.string().min(1) }));
