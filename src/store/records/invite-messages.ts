import * as z from 'zod';
import { FIXTURE_EPOCH, idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

export const InviteMessageType = lazy(() => z.enum(['message', 'request', 'requestResponse', 'response']));
export type InviteMessageType = z.infer<typeof InviteMessageType>;

/** Slots per user and message type, numbered 0 to SLOT_COUNT - 1. */
export const SLOT_COUNT = 12;
/** An edit locks its slot against further edits and resets for this long. */
export const COOLDOWN_MS = 60 * 60_000;

const slotNumber = () =>
  z
    .number()
    .int()
    .min(0)
    .max(SLOT_COUNT - 1);

/** The InviteMessage of the description (section 2), in its field order. */
export const InviteMessageSchema = lazy(() =>
  z.object({
    id: idOf('invm'),
    message: z.string().min(1),
    messageType: InviteMessageType,
    slot: slotNumber(),
    canBeUpdated: z.boolean(),
    remainingCooldownMinutes: z.number().int().min(0),
    updatedAt: z.string(),
  }),
);
export type InviteMessage = z.infer<typeof InviteMessageSchema>;

/** What list, edit and reset answer: every slot of one type, slot 0 first. */
export const InviteMessageListSchema = lazy(() => z.array(InviteMessageSchema).length(SLOT_COUNT));

/**
 * A customised slot in inviteMessages.json: the text a user set, as if edited at `updatedAt` (so its
 * cooldown ran until 60 minutes later). Slots without a record hold their original text. `id` defaults
 * to the slot's stable id.
 */
export const InviteMessageRecordSchema = lazy(() =>
  z.object({
    id: idOf('invm').optional(),
    userId: idOf('usr'),
    messageType: InviteMessageType,
    slot: slotNumber(),
    message: z.string().min(1),
    updatedAt: z.iso
      .datetime({ offset: true, error: 'must be a date-time' })
      .default(FIXTURE_EPOCH)
      .transform((value) => new Date(value).toISOString()),
  }),
);
export type InviteMessageRecord = z.infer<typeof InviteMessageRecordSchema>;

/** One slot as the sandbox keeps it; `customised` and `cooldownEndsAt` never leave the server. */
export interface InviteMessageEntry {
  readonly id: string;
  readonly messageType: InviteMessageType;
  readonly slot: number;
  message: string;
  updatedAt: string;
  /** Holds a text the user set; a slot holding its original text has no entry to reset. */
  customised: boolean;
  /** Epoch ms until which the slot may not be edited or reset; 0 when it never was edited. */
  cooldownEndsAt: number;
  /** Epoch ms of the slot's last reset; absent when it never was reset. */
  resetAt?: number;
}
