import { FILE_TYPES, type FileRecord, type UploadSession } from './records/files.js';
import type { Sandbox } from './sandbox.js';

/**
 * What holds uploaded bytes: a sandbox, or the snapshot of one (a structured clone, so a copy of its
 * own). Counted by its `fileBlobs` map: a sandbox rebuilt around the same maps (a change of its
 * records) is the same holder, recounted; a restored sandbox (a clone) is a new one. Fixture files'
 * inline bytes count against the process's share.
 */
export type UploadHolder = Pick<Sandbox, 'fileBlobs' | 'fileUploads'> &
  (Pick<Sandbox, 'fixtureFileBytes'> | { readonly data: { readonly files: readonly FileRecord[] } });

/** Bytes the parts of `files` give inline (fixture files' base64 `data`), decoded. */
export function fileDataBytes(files: Iterable<FileRecord>): number {
  let total = 0;
  for (const file of files) {
    for (const version of file.versions) {
      for (const type of FILE_TYPES) {
        const data = version[type]?.data;
        if (data) total += Buffer.byteLength(data, 'base64');
      }
    }
  }
  return total;
}

interface Ledger {
  /** Uploaded bytes, against the sandbox's uploadBytesPerWorld and the process's share. */
  bytes: number;
  /** Fixture files' inline bytes, against the process's share only: a sandbox's own fixtures are not uploads to it. */
  fixture: number;
  counted: boolean;
}

const ledgers = new WeakMap<UploadHolder['fileBlobs'], Ledger>();
/** Bytes of uploads every live holder keeps together, against LIMITS.uploadShare of --max-memory. */
let heldByAll = 0;
// A holder dropped without being released (a whole app let go in-process) stops counting when collected.
const forget = new FinalizationRegistry<Ledger>((ledger) => close(ledger));

function scan(holder: UploadHolder): number {
  let total = 0;
  for (const blob of holder.fileBlobs.values()) total += blob.byteLength;
  for (const session of holder.fileUploads.values()) total += sessionBytes(session);
  return total;
}

const fixtureBytesOf = (holder: UploadHolder) =>
  'fixtureFileBytes' in holder ? holder.fixtureFileBytes : fileDataBytes(holder.data.files);

const sessionBytes = (session: UploadSession) => {
  let total = 0;
  for (const part of session.parts.values()) total += part.bytes?.byteLength ?? 0;
  return total;
};

function ledgerOf(holder: UploadHolder): Ledger {
  let ledger = ledgers.get(holder.fileBlobs);
  if (ledger) return ledger;
  ledger = { bytes: scan(holder), fixture: fixtureBytesOf(holder), counted: true };
  heldByAll += ledger.bytes + ledger.fixture;
  ledgers.set(holder.fileBlobs, ledger);
  forget.register(holder.fileBlobs, ledger);
  return ledger;
}

function add(holder: UploadHolder, delta: number): void {
  const ledger = ledgerOf(holder);
  ledger.bytes += delta;
  if (ledger.counted) heldByAll += delta;
}

function close(ledger: Ledger): void {
  if (!ledger.counted) return;
  ledger.counted = false;
  heldByAll -= ledger.bytes + ledger.fixture;
}

/** Starts counting a holder now (a sandbox put in place, a snapshot taken) rather than at its first upload. */
export const trackUploads = (holder: UploadHolder): void => void ledgerOf(holder);

/** Counts the holder's fixture bytes anew: a sandbox rebuilt around the same maps (a record put) may give more or fewer. */
export function recountUploads(holder: UploadHolder): void {
  const ledger = ledgerOf(holder);
  const fixture = fixtureBytesOf(holder);
  if (ledger.counted) heldByAll += fixture - ledger.fixture;
  ledger.fixture = fixture;
}

/** The holder is gone (its sandbox removed, reset or restored over, its snapshot replaced): its bytes stop counting. */
export function releaseUploads(holder: UploadHolder): void {
  const ledger = ledgers.get(holder.fileBlobs);
  if (ledger) close(ledger);
}

/** Bytes the sandbox keeps from uploads: finished parts and parts sent but not yet finished (its fixtures' aside). */
export const uploadBytesOf = (holder: UploadHolder): number => ledgerOf(holder).bytes;

/** Bytes the holder counts against the process's share: its uploads and its fixtures' inline data; none once released. */
export function sharedBytesOf(holder: UploadHolder): number {
  const ledger = ledgerOf(holder);
  return ledger.counted ? ledger.bytes + ledger.fixture : 0;
}

/** Bytes of uploads every live sandbox and snapshot keeps together, fixture files' inline data included. */
export const uploadBytesOfProcess = (): number => heldByAll;

/** Keeps the finished bytes of a part (`<fileId>/<version>/<fileType>`), in place of any it had. */
export function putBlob(holder: UploadHolder, key: string, bytes: Uint8Array<ArrayBuffer>): void {
  add(holder, bytes.byteLength - (holder.fileBlobs.get(key)?.byteLength ?? 0));
  holder.fileBlobs.set(key, bytes);
}

export function dropBlob(holder: UploadHolder, key: string): void {
  add(holder, -(holder.fileBlobs.get(key)?.byteLength ?? 0));
  holder.fileBlobs.delete(key);
}

/** Keeps the bytes sent for one part of an unfinished upload, in place of any sent before. */
export function putPartBytes(holder: UploadHolder, part: { bytes?: Uint8Array<ArrayBuffer> }, bytes: Uint8Array<ArrayBuffer>): void {
  add(holder, bytes.byteLength - (part.bytes?.byteLength ?? 0));
  part.bytes = bytes;
}

/** Forgets a part number's bytes sent so far (the part was started again). */
export function dropPartBytes(holder: UploadHolder, part: { bytes?: Uint8Array<ArrayBuffer> }): void {
  add(holder, -(part.bytes?.byteLength ?? 0));
  delete part.bytes;
}

/** Forgets an unfinished upload with the bytes its parts were sent; answers it, for its upload URLs to go too. */
export function dropUploadSession(holder: UploadHolder, key: string): UploadSession | undefined {
  const session = holder.fileUploads.get(key);
  if (!session) return undefined;
  add(holder, -sessionBytes(session));
  holder.fileUploads.delete(key);
  return session;
}
