import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { RewardRedemptionRequestSchema, type InventoryDropRecord } from '../../store/records/inventory-rewards.js';
import { queryBool } from '../../schema/query.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findTemplate } from './templates.js';
import { giveItemLike } from './inventory.js';
import { itemOfTemplate } from '../../store/indexes/inventory.js';

const DropsQuerySchema = lazy(() => z.object({ active: queryBool().optional() }));

/** A drop is active while enabled, marked active, and the world's clock is inside its drop window. */
function isActive(drop: InventoryDropRecord, now: string): boolean {
  return !drop.isDisabled && drop.status === 'active' && drop.startDropDate <= now && now < drop.endDropDate;
}

/** GET /inventory/drops: the world's drops in their order; `active` keeps only the active (or inactive) ones. */
export function listDrops(sandbox: Sandbox, query: unknown): InventoryDropRecord[] {
  const { active } = parseInput(DropsQuerySchema, query);
  const drops = [...sandbox.inventoryDrops.values()];
  if (active === undefined) return drops;
  const now = isoNow(sandbox.clock);
  return drops.filter((drop) => isActive(drop, now) === active);
}

/** A drop as the description's InventoryDrop answers it: its state is `dropStatus` there (the record keeps `status`). */
export function dropView(drop: InventoryDropRecord) {
  const { status, ...rest } = drop;
  return { ...rest, dropStatus: status };
}

/**
 * POST /reward/redeem: gives the requester an item of the code's template. A one-time code is spent
 * by its first redemption; any other code serves each user once.
 */
export function redeemReward(sandbox: Sandbox, actor: UserRecord, body: unknown) {
  const { code } = parseInput(RewardRedemptionRequestSchema, body);
  const reward = sandbox.rewardCodes.get(code);
  if (!reward) throw new ApiError(400, messages.rewardCodeInvalid);
  if (reward.oneTime ? reward.redeemedBy.length > 0 : reward.redeemedBy.includes(actor.id)) {
    throw new ApiError(400, messages.rewardCodeAlreadyRedeemed);
  }
  const template = findTemplate(sandbox, reward.templateId);
  const source = itemOfTemplate(sandbox, reward.templateId)!;
  reward.redeemedBy.push(actor.id);
  giveItemLike(sandbox, source, actor.id, 'reward', { userAttributes: { primaryColor: '', secondaryColor: '', trailColor: '' } });
  return [{ redeemedRewards: [{ type: 'item', data: { item: template } }], redemptionCode: code }];
}
