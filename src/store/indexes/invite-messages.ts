import { hash } from 'node:crypto';
import { COOLDOWN_MS, type InviteMessageEntry, type InviteMessageRecord, type InviteMessageType } from '../records/invite-messages.js';
import { FIXTURE_EPOCH } from '../../schema/common.js';
import { FixtureError } from '../fixtures/fixtures.js';
import { originalInviteMessages } from '../invite-message-originals.js';
import { WatchedMap } from '../watched-map.js';

export interface InviteMessageIndex {
  /**
   * `<userId>/<messageType>` -> that type's slots, slot 0 first. A user's slots are materialised from
   * the original texts on first access, so a sandbox of a million users costs nothing until they are read.
   */
  readonly inviteMessages: Map<string, InviteMessageEntry[]>;
}

/**
 * The slot's id: a name-based (version 5 style) uuid of user, type and slot, so it is the same in every
 * sandbox and survives edits and resets. Remembered, as every new sandbox materialises the same users' slots.
 */
export function inviteMessageId(userId: string, messageType: InviteMessageType, slot: number): string {
  const name = `${userId}/${messageType}/${slot}`;
  let id = rememberedIds.get(name);
  if (id === undefined) {
    if (rememberedIds.size >= REMEMBERED_IDS) rememberedIds.clear();
    id = nameBasedId(name);
    rememberedIds.set(name, id);
  }
  return id;
}

const REMEMBERED_IDS = 10_000;
const rememberedIds = new Map<string, string>();

function nameBasedId(name: string): string {
  const hex = hash('sha1', name, 'hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const uuid = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`, variant + hex.slice(17, 20), hex.slice(20, 32)];
  return `invm_${uuid.join('-')}`;
}

/** The user's slots of one type, materialised with the original texts if never touched before. */
export function inviteMessageSlots(index: InviteMessageIndex, userId: string, messageType: InviteMessageType) {
  const key = `${userId}/${messageType}`;
  let slots = index.inviteMessages.get(key);
  if (!slots) {
    slots = originalInviteMessages[messageType].map((message, slot) => ({
      id: inviteMessageId(userId, messageType, slot),
      messageType,
      slot,
      message,
      updatedAt: FIXTURE_EPOCH,
      customised: false,
      cooldownEndsAt: 0,
    }));
    index.inviteMessages.set(key, slots);
  }
  return slots;
}

/** Places the fixtures' customised slots; one record per user, type and slot. */
export function indexInviteMessages(records: InviteMessageRecord[]): InviteMessageIndex {
  const index: InviteMessageIndex = { inviteMessages: new WatchedMap() };
  const seen = new Set<string>();
  records.forEach((record, i) => {
    const { userId, messageType, slot } = record;
    const key = `${userId}/${messageType}/${slot}`;
    if (seen.has(key)) {
      const problem = `duplicate slot ${slot} of ${messageType} for ${userId}`;
      throw new FixtureError('inviteMessages.json', `[${i}].slot`, problem);
    }
    seen.add(key);
    const slots = inviteMessageSlots(index, userId, messageType);
    slots[slot] = {
      id: record.id ?? slots[slot]!.id,
      messageType,
      slot,
      message: record.message,
      updatedAt: record.updatedAt,
      customised: true,
      cooldownEndsAt: Date.parse(record.updatedAt) + COOLDOWN_MS,
    };
  });
  return index;
}

/**
 * Puts the customised slots of `added` (records just put into a running sandbox) over the sandbox's own slots,
 * which carry its edits and cooldowns: a rebuilt sandbox keeps those rather than its records' slots alone.
 */
export function placeInviteMessages(into: InviteMessageIndex, added: InviteMessageIndex): void {
  for (const [key, slots] of added.inviteMessages) {
    const kept = into.inviteMessages.get(key);
    if (!kept) into.inviteMessages.set(key, slots);
    else for (const slot of slots) if (slot.customised) kept[slot.slot] = slot;
  }
}
