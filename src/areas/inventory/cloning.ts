import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { queryInt } from '../../schema/query.js';
import type { InventoryItemRecord } from '../../store/records/inventory.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from '../users/public.js';
import { findHeldItem, giveItemLike } from './inventory.js';

/** How long the share stays open, in seconds: the description's bounds. */
const ShareQuerySchema = lazy(() => z.object({ itemId: idOf('inv'), duration: queryInt(30, 86_400) }));
const DirectShareSchema = lazy(() => z.object({ itemId: idOf('inv'), users: z.array(idOf('usr')).min(1) }));

function cloneableItem(sandbox: Sandbox, actor: UserRecord, itemId: string): InventoryItemRecord {
  const item = findHeldItem(sandbox, actor.id, itemId);
  if (!item.flags.includes('cloneable')) throw new ApiError(400, messages.inventoryItemNotCloneable);
  return item;
}

/** GET /inventory/cloning/pedestal: a token for a pedestal that lets others in the instance clone the item. */
export function sharePedestal(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const { itemId } = parseInput(ShareQuerySchema, query);
  cloneableItem(sandbox, actor, itemId);
  return { token: randomBytes(24).toString('base64url'), version: 1 };
}

/**
 * POST /inventory/cloning/direct: each named user gets their own copy of the requester's cloneable item
 * (a `unique` item only if they hold none of its template yet). All users are checked before any copy.
 */
export function shareDirect(sandbox: Sandbox, actor: UserRecord, query: unknown, body: unknown) {
  parseInput(ShareQuerySchema, query);
  const request = parseInput(DirectShareSchema, body);
  const item = cloneableItem(sandbox, actor, request.itemId);
  const recipients = [...new Set(request.users)].map((userId) => findUser(sandbox, userId));
  for (const recipient of recipients) {
    if (recipient.id === actor.id) continue;
    const held = sandbox.inventoryByHolder.get(recipient.id);
    if (item.flags.includes('unique') && [...(held?.values() ?? [])].some((i) => i.templateId === item.templateId)) continue;
    giveItemLike(sandbox, item, recipient.id, 'share');
  }
  return { ok: 'true' };
}
