import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { FileType, md5Base64, type FileRecord, type FileVersionRecord } from '../../store/records/files.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findFile, findVersion, isPackage, ownedFile } from './files.js';
import { lazy } from '../../schema/lazy.js';
import { queryInt } from '../../schema/query.js';
import { checkPartCount, checkUploadRoom, expireUploads, noteUploadStarted } from './upload-limits.js';
import { LIMITS } from '../../limits.js';
import { dropPartBytes, dropUploadSession, putBlob, putPartBytes } from '../../store/upload-bytes.js';

export const UPLOAD_LIMIT_BYTES = LIMITS.uploadPutBytes.value;
/** S3's highest part number. */
const MAX_PART_NUMBER = 10_000;

const integer = (min: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    // int(): a version number too large to hold exactly is refused, not rounded and looked up.
    .pipe(z.number().int().min(min));

const PartParamsSchema = lazy(() => z.object({ fileId: z.string(), versionId: integer(1), fileType: FileType }));
const VersionParamsSchema = lazy(() => z.object({ fileId: z.string(), versionId: integer(0) }));
const DownloadPartParamsSchema = lazy(() => VersionParamsSchema.extend({ fileType: FileType }));

const StartQuerySchema = lazy(() =>
  z.object({
    partNumber: queryInt(0, MAX_PART_NUMBER).default(1),
  }),
);

/** FinishFileDataUploadRequest; maxParts and nextPartNumber are deprecated ("always 0") but required, and otherwise ignored. */
const FinishRequestSchema = lazy(() =>
  z.object({
    etags: z.array(z.string()).optional(),
    maxParts: z.string().length(1),
    nextPartNumber: z.string().length(1),
  }),
);

const partKey = (fileId: string, version: number, fileType: FileType) => `${fileId}/${version}/${fileType}`;

type PartParams = z.output<typeof PartParamsSchema>;

function describedPart(sandbox: Sandbox, actor: UserRecord, { fileId, versionId, fileType }: PartParams) {
  const file = ownedFile(sandbox, actor, fileId);
  const version = findVersion(file, versionId);
  const part = version[fileType]!;
  if (part.status === 'none') throw new ApiError(400, messages.filePartNotDescribed(fileType));
  return { file, version, part, fileType, key: partKey(fileId, versionId, fileType) };
}

/**
 * PUT .../{fileType}/start: an upload URL on this server for one part number of the part, standing in
 * for S3's presigned URL. Starting a part number again replaces its URL and drops bytes sent to the old one.
 */
export function startUpload(sandbox: Sandbox, actor: UserRecord, params: unknown, query: unknown, uploadUrl: (token: string) => string) {
  const { partNumber: asked } = parseInput(StartQuerySchema, query);
  // The real service starts part 1 when asked for part 0.
  const partNumber = Math.max(asked, 1);
  const { file, version, part, fileType, key } = describedPart(sandbox, actor, parseInput(PartParamsSchema, params));
  if (part.status === 'complete') throw new ApiError(400, messages.fileUploadAgainstComplete);
  if (part.category !== 'multipart' && partNumber !== 1) throw new ApiError(400, messages.fileSimpleUploadOnePart);
  expireUploads(sandbox);
  let session = sandbox.fileUploads.get(key);
  if (!session) {
    session = { uploadId: part.category === 'multipart' ? randomBytes(16).toString('hex') : '', parts: new Map() };
    sandbox.fileUploads.set(key, session);
    noteUploadStarted(sandbox, session);
    part.uploadId = session.uploadId;
  }
  checkPartCount(sandbox, session, partNumber);
  const replaced = session.parts.get(partNumber);
  if (replaced) {
    sandbox.uploadTickets.delete(replaced.token);
    dropPartBytes(sandbox, replaced);
  }
  const token = randomBytes(24).toString('base64url');
  session.parts.set(partNumber, { token });
  sandbox.uploadTickets.set(token, { fileId: file.id, version: version.version, fileType, partNumber });
  return { url: uploadUrl(token) };
}

/** Throws the upload URL's 404 unless the token belongs to a started, unfinished part. */
export function checkUploadToken(sandbox: Sandbox, token: string): void {
  expireUploads(sandbox);
  if (!sandbox.uploadTickets.has(token)) throw new ApiError(404, messages.uploadUrlNotFound);
}

/** A PUT of bytes to an upload URL; answers the ETag (hex md5) a finish may name. */
export function receiveUpload(sandbox: Sandbox, token: string, bytes: Uint8Array<ArrayBuffer>): string {
  const ticket = sandbox.uploadTickets.get(token);
  const session = ticket && sandbox.fileUploads.get(partKey(ticket.fileId, ticket.version, ticket.fileType));
  const part = ticket && session?.parts.get(ticket.partNumber);
  if (!part || part.token !== token) throw new ApiError(404, messages.uploadUrlNotFound);
  checkUploadRoom(sandbox, bytes.byteLength, part.bytes?.byteLength);
  putPartBytes(sandbox, part, bytes);
  part.etag = createHash('md5').update(bytes).digest('hex');
  return part.etag;
}

const unquote = (etag: string) => etag.trim().replace(/^(W\/)?"(.*)"$/, '$2');

/**
 * PUT .../{fileType}/finish: joins the uploaded parts, marks the part complete and settles the version:
 * complete once its file (or delta) is, and for avatar and world packages once its signature is too.
 */
export function finishUpload(sandbox: Sandbox, actor: UserRecord, params: unknown, body: unknown): FileRecord {
  const target = parseInput(PartParamsSchema, params);
  const request = parseInput(FinishRequestSchema, body);
  if (target.fileType === 'signature' && request.etags?.length) throw new ApiError(400, messages.fileEtagsOnSignature);
  const { file, version, part, fileType, key } = describedPart(sandbox, actor, target);
  if (part.status === 'complete') throw new ApiError(400, messages.fileUploadAlreadyFinished(fileType));
  expireUploads(sandbox);
  const session = sandbox.fileUploads.get(key);
  if (!session) throw new ApiError(400, messages.fileUploadNotStarted(fileType));
  const parts = [...session.parts.entries()].sort(([a], [b]) => a - b).map(([, uploaded]) => uploaded);
  if (parts.some((uploaded) => uploaded.bytes === undefined)) throw new ApiError(400, messages.fileUploadIncomplete);
  if (request.etags?.length) {
    const named = request.etags.map(unquote);
    if (named.length !== parts.length || parts.some((uploaded, i) => uploaded.etag !== named[i])) {
      throw new ApiError(400, messages.fileEtagsMismatch);
    }
  }
  const bytes = Buffer.concat(parts.map((uploaded) => uploaded.bytes!));
  putBlob(sandbox, key, bytes);
  // A part created without its md5 (it is optional) takes the uploaded bytes' md5 and size.
  if (part.md5 === '') Object.assign(part, { md5: md5Base64(bytes), sizeInBytes: bytes.length });
  for (const uploaded of parts) sandbox.uploadTickets.delete(uploaded.token);
  dropUploadSession(sandbox, key);
  part.status = 'complete';
  version.status = isComplete(file, version) ? 'complete' : 'waiting';
  return file;
}

function isComplete(file: FileRecord, version: FileVersionRecord): boolean {
  const required: FileType[] = (['file', 'delta'] as const).filter((type) => version[type]!.status !== 'none');
  if (isPackage(file)) required.push('signature');
  return required.length > 0 && required.every((type) => version[type]!.status === 'complete');
}

export interface Download {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
}

const PART_CONTENT_TYPES = { signature: 'application/x-rsync-signature', delta: 'application/x-rsync-delta' } as const;

function partBytes(sandbox: Sandbox, file: FileRecord, version: FileVersionRecord, fileType: FileType): Download {
  const part = version[fileType]!;
  const stored = sandbox.fileBlobs.get(partKey(file.id, version.version, fileType));
  return {
    bytes: stored ?? (part.data ? Buffer.from(part.data, 'base64') : new Uint8Array()),
    contentType: fileType === 'file' ? file.mimeType : PART_CONTENT_TYPES[fileType],
    fileName: part.fileName,
  };
}

function readableVersion(sandbox: Sandbox, fileId: string, versionId: number): { file: FileRecord; version: FileVersionRecord } {
  const file = findFile(sandbox, fileId);
  const version = findVersion(file, versionId);
  if (versionId === 0) throw new ApiError(404, messages.fileVersionZeroHasNoData);
  return { file, version };
}

/** GET /file/{fileId}/{versionId}: the bytes of a complete version's file (or delta), as the file's mimeType. */
export function downloadVersion(sandbox: Sandbox, params: unknown): Download {
  const { fileId, versionId } = parseInput(VersionParamsSchema, params);
  const { file, version } = readableVersion(sandbox, fileId, versionId);
  if (version.status !== 'complete') throw new ApiError(404, messages.fileVersionNotComplete(fileId, versionId));
  return partBytes(sandbox, file, version, version.file!.status === 'none' ? 'delta' : 'file');
}

/** GET /file/{fileId}/{versionId}/{fileType}: one finished part's bytes (the url every FileData carries). */
export function downloadPart(sandbox: Sandbox, params: unknown): Download {
  const { fileId, versionId, fileType } = parseInput(DownloadPartParamsSchema, params);
  const { file, version } = readableVersion(sandbox, fileId, versionId);
  if (version[fileType]!.status !== 'complete') throw new ApiError(404, messages.filePartNotComplete(fileType));
  return partBytes(sandbox, file, version, fileType);
}
