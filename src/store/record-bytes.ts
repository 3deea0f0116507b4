import { ApiError, messages } from '../errors.js';
import { LIMITS, shareOf } from '../limits.js';
import type { Sandbox } from './sandbox.js';
import { recordBytesIn } from './snapshot-bytes.js';
import { savedSnapshot } from './persistence/snapshot.js';

/**
 * About the bytes the sandbox's records and state hold, uploads aside (they count as uploads). Read in
 * the form a `--db` file keeps, so a generated sandbox's records its recipes have not made stay unmade.
 */
function heapBytesOf(sandbox: Sandbox): number {
  const measure = () => recordBytesIn(savedSnapshot(sandbox)) * HEAP_PER_BYTE;
  // Reading the sandbox to measure it must not count as a write reaching all of it (with --db).
  return sandbox.writes ? sandbox.writes.quietly(measure) : measure();
}

interface Ledger {
  /** The sandbox's records as last measured (approximateBytes, as a snapshot counts them). */
  measured: number;
  /** What writes since may have added: each one's body and a record's worth beside it. */
  grown: number;
  counted: boolean;
}

/**
 * What the heap holds per byte approximateBytes counts: object headers, hidden classes, index entries
 * and strings' own headers. Calibrated with `npm run stress`'s growth section (bench/README.md), so
 * that the share is of memory the process holds rather than of characters.
 */
const HEAP_PER_BYTE = 3;
/**
 * The records' room is never less than this, whatever the share: --max-memory is at least 64 MiB from
 * the CLI, and a smaller budget (set in-process for another share) must not refuse every write.
 */
const MIN_ROOM = 16 * 1024 * 1024;

/** Bytes the records of every sandbox may hold together: LIMITS.recordShare of --max-memory, at least MIN_ROOM. */
export const recordRoom = (): number => Math.max(MIN_ROOM, shareOf(LIMITS.recordShare));

/** Bytes a write is taken to add beside its body: about one small record and its index entries. */
const WRITE_BYTES = 512;
/** A sandbox is measured again once its writes since may have added this much, or an eighth of it, the more. */
const REMEASURE_BYTES = 256 * 1024;

const ledgers = new WeakMap<Sandbox, Ledger>();
/** About the bytes of records every counted sandbox holds, against LIMITS.recordShare of --max-memory. */
let heldByAll = 0;
// A sandbox dropped without being released (a whole app let go in-process) stops counting when collected.
const forget = new FinalizationRegistry<Ledger>((ledger) => close(ledger));

function close(ledger: Ledger): void {
  if (!ledger.counted) return;
  ledger.counted = false;
  heldByAll -= ledger.measured + ledger.grown;
}

function ledgerOf(sandbox: Sandbox): Ledger {
  let ledger = ledgers.get(sandbox);
  if (ledger) return ledger;
  ledger = { measured: heapBytesOf(sandbox), grown: 0, counted: true };
  heldByAll += ledger.measured;
  ledgers.set(sandbox, ledger);
  forget.register(sandbox, ledger);
  return ledger;
}

function measure(ledger: Ledger, sandbox: Sandbox): void {
  const measured = heapBytesOf(sandbox);
  if (ledger.counted) heldByAll += measured - ledger.measured - ledger.grown;
  ledger.measured = measured;
  ledger.grown = 0;
}

/**
 * Refuses a write with 507 while the sandboxes' records together hold more than their share of
 * --max-memory. Before refusing, the sandbox is measured again if it was written since its last
 * measure (a delete may have freed room), so the estimate never refuses on stale growth alone.
 */
export function checkRecordRoom(sandbox: Sandbox): void {
  const max = recordRoom();
  const ledger = ledgerOf(sandbox);
  if (heldByAll <= max) return;
  if (ledger.grown > 0) measure(ledger, sandbox);
  if (heldByAll > max) throw new ApiError(507, messages.recordsFull(max));
}

/**
 * A write reached the sandbox: it may have added its body's bytes and a record's. Measuring every
 * write would cost the sandbox's size each time; measuring once the estimate has grown by an eighth
 * keeps the cost in proportion to what was written, and the estimate within about that of the truth.
 */
export function noteWrite(sandbox: Sandbox, bodyBytes: number): void {
  const ledger = ledgerOf(sandbox);
  const added = (Math.max(0, bodyBytes) + WRITE_BYTES) * HEAP_PER_BYTE;
  ledger.grown += added;
  if (ledger.counted) heldByAll += added;
  if (ledger.grown > Math.max(REMEASURE_BYTES, ledger.measured / 8)) measure(ledger, sandbox);
}

/** The sandbox's records changed in a way no body tells (the control plane's writes): measured again before its next write. */
export function recordsChanged(sandbox: Sandbox): void {
  const ledger = ledgers.get(sandbox);
  if (ledger) ledger.grown = Math.max(ledger.grown, 1);
}

/** The sandbox is gone (removed, reset or restored over, the server closed): its records stop counting. */
export function releaseRecords(sandbox: Sandbox): void {
  const ledger = ledgers.get(sandbox);
  if (ledger) close(ledger);
}

/** About the bytes of heap the records of every counted sandbox of the process hold. */
export const recordBytesOfProcess = (): number => heldByAll;
