import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { InventoryItemRecord } from '../../store/records/inventory.js';
import { RewardRedemptionRequestSchema, type InventoryDropRecord } from '../../store/records/inventory-rewards.js';
import { queryBool } from '../../schema/query.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { World } from '../../store/world.js';
import { parseInput } from '../../http/validation.js';
import { findTemplate } from './templates.js';

const DropsQuerySchema = lazy(() => z.object({ active: queryBool().optional() }));

/** A drop is active while enabled, marked active, and the world's clock is inside its drop window. */
function isActive(drop: InventoryDropRecord, now: string): boolean {
  return !drop.isDisabled && drop.status === 'active' && drop.startDropDate <= now && now < drop.endDropDate;
}

/** GET /inventory/drops: the world's drops in their order; `active` keeps only the active (or inactive) ones. */
export function listDrops(world: World, query: unknown): InventoryDropRecord[] {
  const { active } = parseInput(DropsQuerySchema, query);
  const drops = [...world.inventoryDrops.values()];
  if (active === undefined) return drops;
  const now = isoNow(world.clock);
  return drops.filter((drop) => isActive(drop, now) === active);
}

/**
 * POST /reward/redeem: gives the requester an item of the code's template. A one-time code is spent
 * by its first redemption; any other code serves each user once.
 */
export function redeemReward(world: World, actor: UserRecord, body: unknown) {
  const { code } = parseInput(RewardRedemptionRequestSchema, body);
  const reward = world.rewardCodes.get(code);
  if (!reward) throw new ApiError(400, messages.rewardCodeInvalid);
  if (reward.oneTime ? reward.redeemedBy.length > 0 : reward.redeemedBy.includes(actor.id)) {
    throw new ApiError(400, messages.rewardCodeAlreadyRedeemed);
  }
  const template = findTemplate(world, reward.templateId);
  const source = [...world.inventoryItems.values()].find((item) => item.templateId === reward.templateId)!;
  const now = isoNow(world.clock);
  const item: InventoryItemRecord = {
    ...structuredClone(source),
    id: newId('inv'),
    holderId: actor.id,
    acquisition: 'reward',
    equipSlot: '',
    last_equipped: {},
    created_at: now,
    updated_at: now,
    isArchived: false,
    isSeen: false,
    userAttributes: { primaryColor: '', secondaryColor: '', trailColor: '' },
  };
  reward.redeemedBy.push(actor.id);
  world.inventoryItems.set(item.id, item);
  let held = world.inventoryByHolder.get(actor.id);
  if (!held) world.inventoryByHolder.set(actor.id, (held = new Map()));
  held.set(item.id, item);
  return [{ redeemedRewards: [{ type: 'item', data: { item: template } }], redemptionCode: code }];
}
