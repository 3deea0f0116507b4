import { createHash } from 'node:crypto';
import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findHeldItem } from './inventory.js';
import { itemOfTemplate } from '../../store/indexes/inventory.js';

/** Who authors the templates items are made from: the service itself. */
export const TEMPLATE_AUTHOR = 'usr_00000000-0000-4000-8000-000000000000';

/**
 * GET /inventory/template/{id}: a template as its items carry it (each item holds its template's
 * fields); a template no item is made from is not found.
 */
export function findTemplate(sandbox: Sandbox, templateId: string) {
  const item = itemOfTemplate(sandbox, templateId);
  if (!item) throw new ApiError(404, messages.inventoryTemplateNotFound);
  return {
    authorId: TEMPLATE_AUTHOR,
    collections: item.collections,
    created_at: item.template_created_at,
    defaultAttributes: item.defaultAttributes,
    description: item.description,
    equipSlots: item.equipSlots,
    flags: item.flags,
    id: item.templateId,
    imageUrl: item.imageUrl,
    itemType: item.itemType,
    itemTypeLabel: item.itemTypeLabel,
    metadata: item.metadata,
    name: item.name,
    status: 'live',
    tags: item.tags,
    updated_at: item.template_updated_at,
    validateUserAttributes: item.validateUserAttributes,
  };
}

/** GET /inventory/collections: the collections the requester's items belong to, each once, in the order first met. */
export function inventoryCollections(sandbox: Sandbox, actor: UserRecord): string[] {
  const names = new Set<string>();
  for (const item of sandbox.inventoryByHolder.get(actor.id)?.values() ?? []) for (const name of item.collections) names.add(name);
  return [...names];
}

const SpawnQuerySchema = lazy(() => z.object({ id: z.string().min(1, 'must not be empty') }));
const SpawnItemSchema = lazy(() => z.object({ id: idOf('inv') }));

/**
 * GET /inventory/spawn?id=: a token to place an item in the world. An item id (`inv_`) must name one of
 * the requester's instantiatable items; any other id names an item every user has without holding it
 * (`default_money`, which the live service spawns for anyone).
 */
export function spawnItem(sandbox: Sandbox, actor: UserRecord, query: unknown) {
  const { id } = parseInput(SpawnQuerySchema, query);
  if (id.startsWith('inv_')) {
    const item = findHeldItem(sandbox, actor.id, parseInput(SpawnItemSchema, { id }).id);
    if (!item.flags.includes('instantiatable')) throw new ApiError(400, messages.inventoryItemNotInstantiatable);
  }
  return { token: spawnToken(actor.id, id, sandbox.clock.now()), version: 1 };
}

/** A token new with each moment of the world's clock: one request asked twice at one time answers the same bytes. */
const spawnToken = (userId: string, id: string, now: number) =>
  createHash('sha256').update(`spawn ${userId} ${id} ${now}`).digest().subarray(0, 24).toString('base64url');
