import { ApiError, messages } from '../errors.js';
import { LIMITS, shareOf } from '../limits.js';
import { approximateBytes } from './copy.js';
import { liveSnapshot, takeSnapshot, type SandboxSnapshot } from './persistence/snapshot.js';
import type { Sandbox } from './sandbox.js';
import { releaseUploads, sharedBytesOf, trackUploads, uploadBytesOfProcess } from './upload-bytes.js';

interface Ledger {
  readonly bytes: number;
  counted: boolean;
}

const ledgers = new WeakMap<SandboxSnapshot, Ledger>();
/** Bytes of records every kept snapshot holds, against LIMITS.snapshotRecordShare of --max-memory. */
let heldByAll = 0;
// A snapshot dropped without being released (a whole app let go in-process) stops counting when collected.
const forget = new FinalizationRegistry<Ledger>((ledger) => close(ledger));

function close(ledger: Ledger): void {
  if (!ledger.counted) return;
  ledger.counted = false;
  heldByAll -= ledger.bytes;
}

/** About the bytes a snapshot's records and state hold, uploads aside (they count as uploads). */
export function recordBytesIn(snapshot: SandboxSnapshot): number {
  const { fileBlobs: _blobs, fileUploads: _uploads, ...records } = snapshot;
  return approximateBytes(records);
}

/** About the bytes the sandbox's records and state hold, uploads aside. */
export const recordBytesOf = (sandbox: Sandbox): number => recordBytesIn(liveSnapshot(sandbox));

/**
 * A copy of the sandbox to keep in place of `replacing` (its earlier snapshot), counted: its uploads
 * beside every sandbox's and snapshot's within LIMITS.uploadShare, its records beside the other
 * snapshots' within LIMITS.snapshotRecordShare. A copy that does not fit is a 413 before anything
 * is copied; checking and counting happen in one synchronous block.
 */
export function takeCountedSnapshot(sandbox: Sandbox, replacing?: SandboxSnapshot): SandboxSnapshot {
  const uploads = sharedBytesOf(sandbox);
  const uploadMax = shareOf(LIMITS.uploadShare);
  const uploadsKept = uploadBytesOfProcess() - (replacing ? sharedBytesOf(replacing) : 0);
  if (uploadsKept + uploads > uploadMax) throw new ApiError(413, messages.snapshotUploadsFull(uploads, uploadMax));
  const records = recordBytesOf(sandbox);
  const recordMax = shareOf(LIMITS.snapshotRecordShare);
  const recordsKept = heldByAll - (replacing ? snapshotRecordBytes(replacing) : 0);
  if (recordsKept + records > recordMax) throw new ApiError(413, messages.snapshotRecordsFull(records, recordMax));
  const snapshot = takeSnapshot(sandbox);
  const ledger: Ledger = { bytes: records, counted: true };
  heldByAll += records;
  ledgers.set(snapshot, ledger);
  forget.register(snapshot, ledger);
  trackUploads(snapshot);
  return snapshot;
}

/** The snapshot is dropped (replaced, its sandbox removed, the server closed): its bytes stop counting. */
export function releaseSnapshot(snapshot: SandboxSnapshot): void {
  const ledger = ledgers.get(snapshot);
  if (ledger) close(ledger);
  releaseUploads(snapshot);
}

const snapshotRecordBytes = (snapshot: SandboxSnapshot) => {
  const ledger = ledgers.get(snapshot);
  return ledger?.counted ? ledger.bytes : 0;
};

/** Bytes of records every kept snapshot of the process holds. */
export const snapshotRecordBytesOfProcess = () => heldByAll;
