import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { pageParams, queryBool } from '../../schema/query.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import type { PurchaseRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { nameOf, page, requireSelf } from './shop-access.js';
import { balanceOf, spend, totalOf } from './balances.js';
import { getListing } from './listings.js';

const PurchaseSchema = lazy(() =>
  z.object({
    listingId: idOf('prod'),
    quantity: z.number().int().min(1).max(99).default(1),
    totalPrice: z.number().int().min(0),
    receiverId: idOf('usr').optional(),
    listingVariantId: z.string().optional(),
    stackable: z.boolean().optional(),
    contextData: z.object({ locationType: z.string(), storeId: idOf('esto').optional(), worldId: idOf('wrld').optional() }).optional(),
  }),
);

/**
 * Buys a listing: the buyer pays its price (bought tokens first, then earnings), the seller earns it,
 * and the buyer gets a licence to each of its products. Checked and recorded in one synchronous block.
 */
export function purchaseListing(sandbox: Sandbox, buyer: UserRecord, body: unknown): PurchaseRecord {
  const input = parseInput(PurchaseSchema, body);
  if (input.receiverId !== undefined && input.receiverId !== buyer.id) throw new ApiError(400, messages.giftsNotSimulated);
  const listing = getListing(sandbox, input.listingId);
  if (!listing.active || listing.sellerId === buyer.id) throw new ApiError(400, messages.listingNotForSale);
  const price = listing.priceTokens * input.quantity;
  if (input.totalPrice !== price) throw new ApiError(400, messages.listingPriceChanged);
  const paying = balanceOf(sandbox, buyer.id);
  if (totalOf(paying) < price) throw new ApiError(400, messages.insufficientBalance);
  spend(paying, price);
  const earning = balanceOf(sandbox, listing.sellerId);
  earning.earnings += price;
  let transactionId = 1;
  for (const purchase of sandbox.purchases.values()) transactionId = Math.max(transactionId, purchase.transactionId + 1);
  const record: PurchaseRecord = {
    id: newId('pur'),
    buyerId: buyer.id,
    sellerId: listing.sellerId,
    listingId: listing.id,
    listingDisplayName: listing.displayName,
    listingDescription: listing.description,
    listingType: listing.listingType,
    listingImageId: listing.imageId,
    unitPrice: listing.priceTokens,
    quantity: input.quantity,
    licenses: listing.productIds.flatMap((productId) => {
      const product = sandbox.products.get(productId);
      return product ? [{ id: newId('lic'), productId, productName: product.displayName }] : [];
    }),
    transactionId,
    buyerBalanceAfter: totalOf(paying),
    sellerBalanceAfter: totalOf(earning),
    date: isoNow(sandbox.clock),
  };
  sandbox.purchases.set(record.id, record);
  return record;
}

export function purchaseView(sandbox: Sandbox, viewer: UserRecord, purchase: PurchaseRecord) {
  const listing = sandbox.listings.get(purchase.listingId);
  const buyerName = nameOf(sandbox, purchase.buyerId);
  const total = purchase.unitPrice * purchase.quantity;
  return {
    purchaseId: purchase.id,
    buyerId: purchase.buyerId,
    buyerDisplayName: buyerName,
    receiverId: purchase.buyerId,
    receiverDisplayName: buyerName,
    sellerId: purchase.sellerId,
    sellerDisplayName: nameOf(sandbox, purchase.sellerId),
    isBuyer: viewer.id === purchase.buyerId,
    isReceiver: viewer.id === purchase.buyerId,
    isSeller: viewer.id === purchase.sellerId,
    isGift: false,
    firstParty: false,
    ledgerTransactionId: purchase.transactionId,
    listingId: purchase.listingId,
    listingDisplayName: purchase.listingDisplayName,
    listingDescription: purchase.listingDescription,
    listingImageId: purchase.listingImageId,
    listingSubtitle: '',
    listingType: purchase.listingType,
    listingCurrentlyAvailable: listing?.active ?? false,
    products: purchase.licenses.map((license) => {
      const product = sandbox.products.get(license.productId);
      return {
        id: license.productId,
        displayName: product?.displayName ?? license.productName,
        imageId: product?.imageId ?? null,
        productType: product?.productType ?? 'udon',
        licenseId: license.id,
      };
    }),
    purchaseActive: true,
    purchaseContext: {},
    purchaseCurrentStatus: 'active',
    purchaseDate: purchase.date,
    purchaseStartDate: purchase.date,
    purchaseEndDate: null,
    purchaseLatest: true,
    purchasePrice: total,
    purchaseUnitPrice: purchase.unitPrice,
    purchaseQuantity: purchase.quantity,
    purchaseValue: total,
    purchaseFee: 0,
    purchaseToken: null,
    purchaseType: purchase.listingType,
    recurrable: purchase.listingType === 'subscription',
    refundable: false,
    stackable: false,
    willRecur: false,
  };
}

/** A purchase is its buyer's and its seller's to read; to anyone else it does not exist. */
export function getPurchase(sandbox: Sandbox, viewer: UserRecord, purchaseId: string): PurchaseRecord {
  const purchase = sandbox.purchases.get(purchaseId);
  if (!purchase || (purchase.buyerId !== viewer.id && purchase.sellerId !== viewer.id)) throw new ApiError(404, messages.purchaseNotFound);
  return purchase;
}

/** What a purchase stacks up to: one entry per licence it gave. */
export function purchaseStacks(sandbox: Sandbox, viewer: UserRecord, purchaseId: string) {
  const purchase = getPurchase(sandbox, viewer, purchaseId);
  return purchase.licenses.map((license) => ({
    purchaseId: purchase.id,
    productId: license.productId,
    licenseId: license.id,
    quantity: purchase.quantity,
  }));
}

const order = () => z.enum(['asc', 'desc']).default('desc');

const PurchasesQuerySchema = lazy(() =>
  z.object({
    ...pageParams(),
    buyerId: idOf('usr'),
    sellerId: idOf('usr').optional(),
    mostRecent: queryBool().optional(),
    sort: z.enum(['purchaseDate']).optional(),
    order: order(),
  }),
);

/** The requester's own purchases, newest first unless `order=asc`. */
export function listPurchases(sandbox: Sandbox, viewer: UserRecord, query: Record<string, string>): PurchaseRecord[] {
  const input = parseInput(PurchasesQuerySchema, query);
  requireSelf(viewer, input.buyerId);
  const mine = [...sandbox.purchases.values()].filter(
    (p) => p.buyerId === input.buyerId && (input.sellerId === undefined || p.sellerId === input.sellerId),
  );
  if (input.order === 'desc') mine.reverse();
  return input.mostRecent ? mine.slice(0, 1) : page(mine, input);
}

const HistoryQuerySchema = lazy(() =>
  z.object({
    n: pageParams().n,
    dateMin: z.iso.datetime().optional(),
    dateMax: z.iso.datetime().optional(),
    fromUserId: idOf('usr').optional(),
    toUserId: idOf('usr').optional(),
    sort: z.enum(['purchaseDate']).optional(),
    order: order(),
  }),
);

/** The requester's token movements: a purchase paid (negative) or earned (positive), with the balance after it. */
export function transactionHistory(sandbox: Sandbox, viewer: UserRecord, userId: string, query: Record<string, string>) {
  requireSelf(viewer, userId);
  const input = parseInput(HistoryQuerySchema, query);
  const now = isoNow(sandbox.clock);
  const within = (p: PurchaseRecord) =>
    (input.dateMin === undefined || Date.parse(p.date) >= Date.parse(input.dateMin)) &&
    (input.dateMax === undefined || Date.parse(p.date) <= Date.parse(input.dateMax)) &&
    (input.fromUserId === undefined || p.buyerId === input.fromUserId) &&
    (input.toUserId === undefined || p.sellerId === input.toUserId);
  const lines = [...sandbox.purchases.values()]
    .filter((p) => (p.buyerId === userId || p.sellerId === userId) && within(p))
    .map((p) => {
      const paid = p.buyerId === userId;
      return {
        amount: (paid ? -1 : 1) * p.unitPrice * p.quantity,
        balance: paid ? p.buyerBalanceAfter : p.sellerBalanceAfter,
        date: p.date,
        fromUserDisplayName: nameOf(sandbox, p.buyerId),
        listingDisplayName: p.listingDisplayName,
        listingType: p.listingType,
        platform: 'web',
        purchaseId: p.id,
        reason: paid ? 1 : 2,
        reasonLabel: paid ? 'purchase' : 'sale',
        transactionId: p.transactionId,
        transactionLineId: p.transactionId * 2 + (paid ? 0 : 1),
      };
    });
  if (input.order === 'desc') lines.reverse();
  const dates = lines.map((line) => line.date).sort();
  return {
    startDate: input.dateMin ?? dates[0] ?? now,
    endDate: input.dateMax ?? now,
    transactions: lines.slice(0, input.n),
  };
}
