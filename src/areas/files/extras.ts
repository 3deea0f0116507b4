import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { FILE_TYPES, FileType, md5Base64, nonePart, partFileName, type FileRecord } from '../../store/records/files.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findVersion, ownedFile } from './files.js';
import { checkUploadRoom } from './upload-limits.js';
import { announceContent } from './content-refresh.js';
import { dropBlob, dropUploadSession, putBlob } from '../../store/upload-bytes.js';
import { guardGrowth } from '../../store/growth.js';

const partKey = (fileId: string, version: number, fileType: string) => `${fileId}/${version}/${fileType}`;

/** Forgets what uploads and finished parts of a version hold, so nothing reaches a deleted version. */
function dropVersionState(sandbox: Sandbox, fileId: string, version: number): void {
  for (const type of FILE_TYPES) {
    const key = partKey(fileId, version, type);
    dropBlob(sandbox, key);
    const session = dropUploadSession(sandbox, key);
    for (const part of session?.parts.values() ?? []) sandbox.uploadTickets.delete(part.token);
  }
}

/** DELETE /file/{id}: the owner's file goes, with every version; answers the file as it was. */
export function deleteFile(sandbox: Sandbox, actor: UserRecord, fileId: string, itemId = ''): FileRecord {
  const file = ownedFile(sandbox, actor, fileId);
  for (const version of file.versions) dropVersionState(sandbox, file.id, version.version);
  sandbox.files.delete(file);
  announceContent(sandbox, file, 'deleted', itemId);
  return file;
}

const VersionNumberSchema = lazy(() => z.object({ versionId: z.coerce.number().int().min(0) }));

/**
 * DELETE /file/{id}/{version}: only the latest version, and never version 0 (the file's creation),
 * each refused with the real service's message and status.
 */
export function deleteFileVersion(sandbox: Sandbox, actor: UserRecord, fileId: string, versionId: string): FileRecord {
  const { versionId: version } = parseInput(VersionNumberSchema, { versionId });
  const file = ownedFile(sandbox, actor, fileId);
  findVersion(file, version);
  if (version === 0) throw new ApiError(400, messages.fileVersionDeleteInitial);
  const latest = file.versions.length - 1;
  if (version !== latest) throw new ApiError(500, messages.fileVersionDeleteNotLatest(version, latest));
  dropVersionState(sandbox, file.id, version);
  file.versions.pop();
  return file;
}

const StatusParamsSchema = lazy(() => z.object({ versionId: z.coerce.number().int().min(1), fileType: FileType }));

/**
 * GET /file/{id}/{version}/{fileType}/status: how far the part's upload got: the part numbers whose
 * bytes arrived (and their ETags), and the next one to send.
 */
export function uploadStatus(sandbox: Sandbox, actor: UserRecord, fileId: string, params: { versionId: string; fileType: string }) {
  const { versionId, fileType } = parseInput(StatusParamsSchema, params);
  const file = ownedFile(sandbox, actor, fileId);
  const part = findVersion(file, versionId)[fileType]!;
  const session = sandbox.fileUploads.get(partKey(file.id, versionId, fileType));
  const arrived = [...(session?.parts.entries() ?? [])].filter(([, p]) => p.etag !== undefined).sort(([a], [b]) => a - b);
  return {
    etags: arrived.map(([partNumber, p]) => ({ partNumber, etag: p.etag })),
    fileName: part.fileName,
    maxParts: part.category === 'multipart' ? 10_000 : 1,
    nextPartNumber: arrived.length === 0 ? 1 : arrived[arrived.length - 1]![0] + 1,
    parts: arrived.map(([partNumber, p]) => ({ partNumber, size: p.bytes!.length })),
    uploadId: session?.uploadId || part.uploadId || part.fileName,
  };
}

const IMAGE_PURPOSES = [
  'admin',
  'avatargallery',
  'avatarimage',
  'bundle',
  'emoji',
  'emojianimated',
  'gallery',
  'icon',
  'listinggallery',
  'product',
  'sticker',
] as const;
const ANIMATION_STYLES = [
  'aura',
  'bats',
  'bees',
  'bounce',
  'cloud',
  'confetti',
  'crying',
  'dislike',
  'fire',
  'idea',
  'lasers',
  'like',
  'magnet',
  'mistletoe',
  'money',
  'noise',
  'orbit',
  'pizza',
  'rain',
  'rotate',
  'shake',
  'snow',
  'snowball',
  'spin',
  'splash',
  'stop',
  'zzz',
] as const;

/** The fields of POST /file/image beside the file; each kept as a tag of the file (`maskTag_circle`), as the real service does. */
export const ImageUploadSchema = lazy(() =>
  z.object({
    tag: z.enum(IMAGE_PURPOSES),
    maskTag: z.enum(['circle', 'flower', 'heart', 'pow', 'square', 'star']).optional(),
    animationStyle: z.enum(ANIMATION_STYLES).optional(),
    loopStyle: z.enum(['linear', 'pingpong']).optional(),
    frames: z.coerce.number().int().min(2).max(64).optional(),
    framesOverTime: z.coerce.number().int().min(1).max(64).optional(),
  }),
);

/** The first four bytes of a PNG (\x89PNG); the line-ending check bytes after them are not required. */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
export const isPng = (bytes: Uint8Array) => bytes.length >= 4 && PNG_MAGIC.every((byte, i) => bytes[i] === byte);

/**
 * POST /file/image, /icon and /gallery: the image becomes a file of the requester in one call, its
 * version 1 complete and downloadable at once.
 */
export function uploadImage(
  sandbox: Sandbox,
  actor: UserRecord,
  fields: Record<string, unknown>,
  bytes: Uint8Array<ArrayBuffer> | undefined,
): FileRecord {
  const options = parseInput(ImageUploadSchema, fields);
  if (!bytes) throw new ApiError(400, messages.fileImageMissing);
  if (!isPng(bytes)) throw new ApiError(400, messages.fileImageNotPng);
  const tags: string[] = [options.tag];
  for (const key of ['maskTag', 'animationStyle', 'loopStyle', 'frames', 'framesOverTime'] as const) {
    if (options[key] !== undefined) tags.push(`${key}_${options[key]}`);
  }
  const file = storeImageFile(sandbox, actor.id, `${options.tag} image`, tags, bytes);
  announceContent(sandbox, file, 'created');
  return file;
}

/** A PNG file of `ownerId` made in one step: version 1 complete, its bytes downloadable at once. */
export function storeImageFile(
  sandbox: Sandbox,
  ownerId: string,
  name: string,
  tags: string[],
  bytes: Uint8Array<ArrayBuffer>,
): FileRecord {
  guardGrowth(sandbox, 'files', ownerId);
  checkUploadRoom(sandbox, bytes.byteLength);
  const now = isoNow(sandbox.clock);
  const file: FileRecord = {
    id: newId('file'),
    ownerId,
    name,
    extension: '.png',
    mimeType: 'image/png',
    tags,
    versions: [{ created_at: now, status: 'complete', version: 0 }],
  };
  const fileName = partFileName(file, 1, 'file');
  file.versions.push({
    created_at: now,
    status: 'complete',
    version: 1,
    file: { category: 'simple', fileName, md5: md5Base64(bytes), sizeInBytes: bytes.length, status: 'complete', uploadId: '', url: '' },
    signature: nonePart(partFileName(file, 1, 'signature')),
    delta: nonePart(partFileName(file, 1, 'delta')),
  });
  putBlob(sandbox, partKey(file.id, 1, 'file'), bytes);
  sandbox.files.add(file);
  return file;
}
