import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import type { PurchaseRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

/** A bound of the range: a date (`2026-03-28`) or a full ISO timestamp, as clients send both. */
const dateBound = () =>
  z
    .string()
    .refine((value) => /^\d{4}-\d{2}-\d{2}($|T)/.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date or an ISO timestamp');

const EarningsQuery = lazy(() =>
  z.object({
    sellerId: idOf('usr').optional(),
    metricDateStart: dateBound().optional(),
    metricDateEnd: dateBound().optional(),
    groupByDuration: z.enum(['days', 'months', 'years']).default('days'),
  }),
);

const DAY_MS = 86_400_000;

/** The last instant a range's end names: a date alone takes in the whole day. */
const endOf = (bound: string) => (bound.length === 10 ? Date.parse(bound) + DAY_MS - 1 : Date.parse(bound));

/** How long a bucket of the breakdown is: the characters of an ISO date it keeps. */
const BUCKET_LENGTH = { days: 10, months: 7, years: 4 } as const;

interface Totals {
  otpEarnings: number;
  otpPurchaseCount: number;
  subscriberEarnings: number;
  subscriberMonths: number;
  totalEarnings: number;
}

const emptyTotals = (): Totals => ({ otpEarnings: 0, otpPurchaseCount: 0, subscriberEarnings: 0, subscriberMonths: 0, totalEarnings: 0 });

/** A sale counted into totals: a subscription listing earns subscriber months, any other is a one-time purchase. */
function add(totals: Totals, sale: PurchaseRecord): void {
  const earned = sale.unitPrice * sale.quantity;
  if (sale.listingType === 'subscription') {
    totals.subscriberEarnings += earned;
    totals.subscriberMonths += sale.quantity;
  } else {
    totals.otpEarnings += earned;
    totals.otpPurchaseCount += 1;
  }
  totals.totalEarnings += earned;
}

/**
 * GET /economy/metrics/earnings: what the requester earned from their sales within the range (all of
 * it by default), in total and per day, month or year (oldest first, only buckets with a sale).
 * `sellerId` may name the requester, as clients send it, or be left out (the live service needs none).
 */
export function earningsMetrics(sandbox: Sandbox, actor: UserRecord, query: Record<string, string>) {
  const input = parseInput(EarningsQuery, query);
  if (input.sellerId !== undefined && input.sellerId !== actor.id) throw new ApiError(403, messages.earningsOfOthers);
  const from = input.metricDateStart === undefined ? -Infinity : Date.parse(input.metricDateStart);
  const to = input.metricDateEnd === undefined ? Infinity : endOf(input.metricDateEnd);
  const totals = emptyTotals();
  const buckets = new Map<string, Totals>();
  for (const sale of sandbox.purchases.values()) {
    const at = Date.parse(sale.date);
    if (sale.sellerId !== actor.id || at < from || at > to) continue;
    add(totals, sale);
    const key = sale.date.slice(0, BUCKET_LENGTH[input.groupByDuration]);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = emptyTotals()));
    add(bucket, sale);
  }
  const breakdown = [...buckets].sort(([a], [b]) => a.localeCompare(b)).map(([key, bucket]) => ({ date: startOf(key), ...bucket }));
  return { sellerId: actor.id, totals, breakdown };
}

/** The first instant of a bucket named by its date prefix (`2026`, `2026-01`, `2026-01-15`). */
const startOf = (key: string) => new Date(`${key}${'-01-01'.slice(key.length - 4)}T00:00:00.000Z`).toISOString();
