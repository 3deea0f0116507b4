import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { pageParams } from '../../schema/query.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import { ProductType, type ProductRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { knownUser, nameOf, page, requireSeller } from './shop-access.js';
import { guardGrowth } from '../../store/growth.js';

const tags = () => z.array(z.string().min(1));

const CreateProductSchema = lazy(() =>
  z.object({
    displayName: z.string().min(1),
    description: z.string(),
    imageId: idOf('file').nullable().default(null),
    productType: ProductType,
    tags: tags().default(() => []),
    useForSubscriberList: z.boolean().default(false),
  }),
);

const UpdateProductSchema = lazy(() =>
  z.object({
    displayName: z.string().min(1).optional(),
    description: z.string().optional(),
    imageId: idOf('file').nullable().optional(),
    tags: tags().optional(),
    useForSubscriberList: z.boolean().optional(),
  }),
);

export function productView(sandbox: Sandbox, product: ProductRecord) {
  const parentListings: string[] = [];
  for (const listing of sandbox.listings.values()) if (listing.productIds.includes(product.id)) parentListings.push(listing.id);
  return {
    id: product.id,
    displayName: product.displayName,
    description: product.description,
    imageId: product.imageId,
    imageUrl: null,
    productType: product.productType,
    tags: product.tags,
    useForSubscriberList: product.useForSubscriberList,
    archived: product.archived,
    sellerId: product.sellerId,
    sellerDisplayName: nameOf(sandbox, product.sellerId),
    parentListings,
    created: product.created,
    updated: product.updated,
  };
}

export function getProduct(sandbox: Sandbox, productId: string): ProductRecord {
  const product = sandbox.products.get(productId);
  if (!product) throw new ApiError(404, messages.productNotFound);
  return product;
}

export function createProduct(sandbox: Sandbox, actor: UserRecord, body: unknown): ProductRecord {
  const input = parseInput(CreateProductSchema, body);
  guardGrowth(sandbox, 'products', actor.id);
  const now = isoNow(sandbox.clock);
  const product: ProductRecord = { id: newId('prod'), sellerId: actor.id, ...input, archived: false, created: now, updated: now };
  sandbox.products.set(product.id, product);
  return product;
}

export function updateProduct(sandbox: Sandbox, actor: UserRecord, productId: string, body: unknown): ProductRecord {
  const product = getProduct(sandbox, productId);
  requireSeller(actor, product);
  const input = parseInput(UpdateProductSchema, body);
  for (const [key, value] of Object.entries(input)) if (value !== undefined) Object.assign(product, { [key]: value });
  product.updated = isoNow(sandbox.clock);
  return product;
}

/** The product goes, and with it its place in every listing that bundled it. */
export function deleteProduct(sandbox: Sandbox, actor: UserRecord, productId: string): void {
  const product = getProduct(sandbox, productId);
  requireSeller(actor, product);
  sandbox.products.delete(product.id);
  for (const listing of sandbox.listings.values()) listing.productIds = listing.productIds.filter((id) => id !== product.id);
}

const PageSchema = lazy(() => z.object(pageParams()));

export function listUserProducts(sandbox: Sandbox, userId: string, query: Record<string, string>): ProductRecord[] {
  const user = knownUser(sandbox, userId);
  const mine = [...sandbox.products.values()].filter((product) => product.sellerId === user.id);
  return page(mine, parseInput(PageSchema, query));
}
