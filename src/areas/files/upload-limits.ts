import { ApiError, messages } from '../../errors.js';
import { LIMITS, shareOf } from '../../limits.js';
import type { UploadSession } from '../../store/records/files.js';
import { dropUploadSession, uploadBytesOf, uploadBytesOfProcess } from '../../store/upload-bytes.js';
import type { Sandbox } from '../../store/sandbox.js';

/**
 * Totals for the bytes a sandbox keeps from uploads. One PUT is at most 50 MB, but without totals 40
 * parts of one upload took the process past 2 GiB, and unfinished uploads stayed forever.
 */

/** Sandbox clock time at which each unfinished upload started; dropped with the upload. */
const startedAt = new WeakMap<UploadSession, number>();

export function noteUploadStarted(sandbox: Sandbox, session: UploadSession): void {
  if (!startedAt.has(session)) startedAt.set(session, sandbox.clock.now());
}

/** Drops unfinished uploads older than the sandbox's uploadExpiryMinutes, their URLs and their bytes. */
export function expireUploads(sandbox: Sandbox): void {
  const oldest = sandbox.clock.now() - sandbox.settings.uploadExpiryMinutes * 60_000;
  for (const [key, session] of sandbox.fileUploads) {
    // A restored snapshot holds copies: their time starts again at the restore.
    if (!startedAt.has(session)) startedAt.set(session, sandbox.clock.now());
    if (startedAt.get(session)! > oldest) continue;
    for (const part of session.parts.values()) sandbox.uploadTickets.delete(part.token);
    dropUploadSession(sandbox, key);
  }
}

/** A new part number beyond the sandbox's uploadMaxParts for one upload is a 400. */
export function checkPartCount(sandbox: Sandbox, session: UploadSession, partNumber: number): void {
  const max = sandbox.settings.uploadMaxParts;
  if (!session.parts.has(partNumber) && session.parts.size >= max) throw new ApiError(400, messages.uploadTooManyParts(max));
}

/**
 * 413 when `incoming` more bytes (less `replacing`, which they take the place of) would pass the
 * sandbox's uploadBytesPerWorld, or the process's LIMITS.uploadShare of --max-memory, which the
 * uploads of every sandbox and snapshot count against together.
 */
export function checkUploadRoom(sandbox: Sandbox, incoming: number, replacing = 0): void {
  const max = sandbox.settings.uploadBytesPerWorld;
  if (uploadBytesOf(sandbox) - replacing + incoming > max) throw new ApiError(413, messages.uploadWorldFull(max));
  const processMax = shareOf(LIMITS.uploadShare);
  if (uploadBytesOfProcess() - replacing + incoming > processMax) throw new ApiError(413, messages.uploadProcessFull(processMax));
}
