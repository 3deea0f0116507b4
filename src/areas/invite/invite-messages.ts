import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import {
  COOLDOWN_MS,
  InviteMessageType,
  SLOT_COUNT,
  type InviteMessage,
  type InviteMessageEntry,
} from '../../store/records/invite-messages.js';
import type { UserRecord } from '../../store/records/user.js';
import { inviteMessageSlots } from '../../store/indexes/invite-messages.js';
import { originalInviteMessages } from '../../store/invite-message-originals.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from '../users/public.js';
import { lazy } from '../../schema/lazy.js';
import { seedOrLive } from '../../live-profile.js';

export interface TypeAddress {
  userId: string;
  messageType: string;
}

export interface SlotAddress extends TypeAddress {
  slot: string;
}

/** UpdateInviteMessageRequest; the OpenAPI sets no maximum length. */
const UpdateInviteMessageSchema = lazy(() => z.object({ message: z.string().min(1) }));

const MINUTE_MS = 60_000;

/**
 * Whole minutes left on the slot's cooldown, rounded up: 30 seconds left is still 1 minute. Never more
 * than the full cooldown, even when the clock is moved back before the edit.
 */
const remainingMinutes = (sandbox: Sandbox, entry: InviteMessageEntry) =>
  Math.ceil(Math.min(Math.max(entry.cooldownEndsAt - sandbox.clock.now(), 0), COOLDOWN_MS) / MINUTE_MS);

/** The InviteMessage as read now: canBeUpdated and the cooldown follow the world clock. */
export function inviteMessageView(sandbox: Sandbox, entry: InviteMessageEntry): InviteMessage {
  const remaining = remainingMinutes(sandbox, entry);
  return {
    id: entry.id,
    message: entry.message,
    messageType: entry.messageType,
    slot: entry.slot,
    canBeUpdated: remaining === 0,
    remainingCooldownMinutes: remaining,
    updatedAt: entry.updatedAt,
  };
}

function parseSlot(raw: string): number {
  const slot = /^(0|[1-9][0-9]*)$/.test(raw) ? Number(raw) : -1;
  if (slot < 0 || slot >= SLOT_COUNT) throw new ApiError(400, messages.inviteMessageInvalidSlot);
  return slot;
}

/** The addressed user's slots of one type; only admins may address another user. */
function slotsOf(sandbox: Sandbox, actor: UserRecord, { userId, messageType }: TypeAddress, slot?: string) {
  const type = InviteMessageType.safeParse(messageType);
  if (!type.success) throw new ApiError(400, messages.inviteMessageUnknownType(messageType));
  const index = slot === undefined ? undefined : parseSlot(slot);
  if (userId !== actor.id && !actor.isAdmin) throw seedOrLive('inviteMessagesOfAnotherUser');
  findUser(sandbox, userId);
  return { slots: inviteMessageSlots(sandbox, userId, type.data), index: index ?? 0 };
}

function refuseDuringCooldown(sandbox: Sandbox, entry: InviteMessageEntry) {
  const remaining = remainingMinutes(sandbox, entry);
  if (remaining > 0) throw new ApiError(429, messages.inviteMessageCooldown(remaining));
}

const views = (sandbox: Sandbox, slots: InviteMessageEntry[]) => slots.map((entry) => inviteMessageView(sandbox, entry));

/** GET /message/{userId}/{messageType}: all twelve slots, slot 0 first. */
export function listInviteMessages(sandbox: Sandbox, actor: UserRecord, address: TypeAddress): InviteMessage[] {
  return views(sandbox, slotsOf(sandbox, actor, address).slots);
}

/** GET /message/{userId}/{messageType}/{slot}. */
export function getInviteMessage(sandbox: Sandbox, actor: UserRecord, address: SlotAddress): InviteMessage {
  const { slots, index } = slotsOf(sandbox, actor, address, address.slot);
  return inviteMessageView(sandbox, slots[index]!);
}

/** PUT: sets the slot's text and starts its 60-minute cooldown; refused while a cooldown runs. */
export function updateInviteMessage(sandbox: Sandbox, actor: UserRecord, address: SlotAddress, body: unknown) {
  const { slots, index } = slotsOf(sandbox, actor, address, address.slot);
  const { message } = parseInput(UpdateInviteMessageSchema, body);
  const entry = slots[index]!;
  refuseDuringCooldown(sandbox, entry);
  entry.message = message;
  entry.customised = true;
  entry.updatedAt = isoNow(sandbox.clock);
  entry.cooldownEndsAt = sandbox.clock.now() + COOLDOWN_MS;
  return views(sandbox, slots);
}

/**
 * DELETE: restores a customised slot's original text, refused while its cooldown runs. It does not
 * start a cooldown, so the slot may be edited right afterwards. A slot holding its original text
 * has no entry: resetting it is a 404; the live service answers 429 instead while the slot's last
 * reset is less than the cooldown ago (a profile difference, live-profile.ts).
 */
export function resetInviteMessage(sandbox: Sandbox, actor: UserRecord, address: SlotAddress) {
  const { slots, index } = slotsOf(sandbox, actor, address, address.slot);
  const entry = slots[index]!;
  refuseDuringCooldown(sandbox, entry);
  if (!entry.customised) {
    const sinceReset =
      entry.resetAt === undefined ? 0 : remainingMinutes(sandbox, { ...entry, cooldownEndsAt: entry.resetAt + COOLDOWN_MS });
    if (sinceReset > 0) throw seedOrLive('inviteMessageResetAgain', messages.inviteMessageCooldown(sinceReset));
    throw new ApiError(404, messages.inviteMessageNoEntry);
  }
  entry.message = originalInviteMessages[entry.messageType][entry.slot]!;
  entry.customised = false;
  entry.updatedAt = isoNow(sandbox.clock);
  entry.resetAt = sandbox.clock.now();
  return views(sandbox, slots);
}
