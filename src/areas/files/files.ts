import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import {
  FILE_TYPES,
  MimeType,
  nonePart,
  partFileName,
  type AdminAssetBundleRecord,
  type ApiFile,
  type FileData,
  type FileDataRecord,
  type FileRecord,
  type FileType,
  type FileVersion,
  type FileVersionRecord,
} from '../../store/records/files.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { queryInt } from '../../schema/query.js';
import { guardGrowth } from '../../store/growth.js';

/**
 * Avatar and world packages need their signature uploaded before a version is usable.
 * A file is one when its mimeType or its extension says so.
 */
const PACKAGE_MIME_TYPES = new Set<string>(['application/x-avatar', 'application/x-world']);
const PACKAGE_EXTENSIONS = new Set(['.vrca', '.vrcw']);

export function isPackage(file: Pick<FileRecord, 'mimeType' | 'extension'>): boolean {
  const extension = file.extension.toLowerCase();
  return PACKAGE_MIME_TYPES.has(file.mimeType) || PACKAGE_EXTENSIONS.has(extension.startsWith('.') ? extension : `.${extension}`);
}

/** A declared file part larger than this is uploaded in several parts, as S3 multipart uploads are. */
export const MULTIPART_THRESHOLD_BYTES = 10 * 1024 * 1024;

/**
 * The extension a file without one is shown with (the description requires at least one character):
 * the usual one of its mimeType.
 */
function extensionOf(mimeType: string): string {
  const special: Record<string, string> = {
    'application/x-avatar': '.vrca',
    'application/x-world': '.vrcw',
    'application/gzip': '.gz',
    'image/svg+xml': '.svg',
    'image/jpeg': '.jpg',
  };
  return special[mimeType] ?? `.${mimeType.slice(mimeType.lastIndexOf('/') + 1).replace(/^x-/, '')}`;
}

/** The File a client sees: parts carry no stored bytes, and a part without a stored url points back at this server. */
export function fileView(file: FileRecord, origin: string): ApiFile {
  return {
    id: file.id,
    name: file.name,
    extension: file.extension || extensionOf(file.mimeType),
    mimeType: file.mimeType,
    ownerId: file.ownerId,
    tags: [...file.tags],
    versions: file.versions.map((version) => versionView(file.id, version, origin)),
  };
}

function versionView(fileId: string, version: FileVersionRecord, origin: string): FileVersion {
  const view: FileVersion = { created_at: version.created_at, status: version.status, version: version.version };
  if (version.version === 0) return view;
  for (const type of FILE_TYPES) {
    const part = version[type];
    if (part) view[type] = partView(part, part.url || `${origin}/api/1/file/${fileId}/${version.version}/${type}`);
  }
  return view;
}

function partView(part: FileDataRecord, url: string): FileData {
  const { category, fileName, md5, sizeInBytes, status, uploadId } = part;
  return { category, fileName, md5, sizeInBytes, status, uploadId, url };
}

export function findFile(sandbox: Sandbox, fileId: string): FileRecord {
  const file = sandbox.files.get(fileId);
  if (!file) throw new ApiError(404, messages.fileNotFound(fileId));
  return file;
}

/** A file the actor may change: anyone may read a file, only its owner may add to it. */
export function ownedFile(sandbox: Sandbox, actor: UserRecord, fileId: string): FileRecord {
  const file = findFile(sandbox, fileId);
  if (file.ownerId !== actor.id) throw new ApiError(403, messages.fileNotOwned);
  return file;
}

export function findVersion(file: FileRecord, version: number): FileVersionRecord {
  const found = file.versions[version];
  if (!found) throw new ApiError(404, messages.fileVersionNotFound(file.id, version));
  return found;
}

/** The OpenAPI spells svg's plus full-width; clients generated from it send that, so it reads as '+'. */
const asciiPlus = (value: unknown) => (typeof value === 'string' ? value.replace('\uFF0B', '+') : value);

export const CreateFileRequestSchema = lazy(() =>
  z.object({
    extension: z.string(),
    mimeType: z.preprocess(asciiPlus, MimeType),
    name: z.string(),
    tags: z.array(z.string().min(1)).default(() => []),
  }),
);

/** POST /file: a File owned by the actor, holding only version 0 (its creation). */
export function createFile(sandbox: Sandbox, actor: UserRecord, body: unknown): FileRecord {
  const request = parseInput(CreateFileRequestSchema, body);
  guardGrowth(sandbox, 'files', actor.id);
  const file: FileRecord = {
    id: newId('file'),
    ownerId: actor.id,
    name: request.name,
    extension: request.extension,
    mimeType: request.mimeType,
    tags: request.tags,
    versions: [{ created_at: isoNow(sandbox.clock), status: 'complete', version: 0 }],
  };
  sandbox.files.add(file);
  return file;
}

const md5 = () => z.string().min(1).optional();
const size = () => z.number().int().min(0).optional();

/** The OpenAPI CreateFileVersionRequest, plus deltaMd5 and deltaSizeInBytes for a delta upload. */
export const CreateFileVersionRequestSchema = lazy(() =>
  z
    .object({
      signatureMd5: z.string().min(1),
      signatureSizeInBytes: z.number().int().min(0),
      fileMd5: md5(),
      fileSizeInBytes: size(),
      deltaMd5: md5(),
      deltaSizeInBytes: size(),
    })
    .superRefine((request, ctx) => {
      for (const type of ['file', 'delta'] as const) {
        const [hash, bytes] = [`${type}Md5`, `${type}SizeInBytes`] as const;
        if (request[hash] !== undefined && request[bytes] === undefined) {
          ctx.addIssue({ code: 'custom', path: [bytes], message: `must be given with ${hash}` });
        }
        if (request[bytes] !== undefined && request[hash] === undefined) {
          ctx.addIssue({ code: 'custom', path: [hash], message: `must be given with ${bytes}` });
        }
      }
    }),
);

/**
 * POST /file/{fileId}: the next version, waiting for its uploads. It always carries file, signature and
 * delta; a part the request does not describe has status none and cannot be uploaded. fileMd5 is optional
 * (the description requires only the signature's): without it, and without a delta, the file part waits
 * with an empty md5 and size 0, which its upload fills in on finish.
 */
export function createFileVersion(sandbox: Sandbox, actor: UserRecord, fileId: string, body: unknown): FileRecord {
  const request = parseInput(CreateFileVersionRequestSchema, body);
  const file = ownedFile(sandbox, actor, fileId);
  guardGrowth(sandbox, 'fileVersions', file.id);
  const number = file.versions.length;
  const describe = (type: FileType, hash: string | undefined, bytes = 0): FileDataRecord => {
    const fileName = partFileName(file, number, type);
    if (hash === undefined) return nonePart(fileName);
    const category = type === 'file' && bytes > MULTIPART_THRESHOLD_BYTES ? 'multipart' : 'simple';
    return { category, fileName, md5: hash, sizeInBytes: bytes, status: 'waiting', uploadId: '', url: '' };
  };
  file.versions.push({
    created_at: isoNow(sandbox.clock),
    status: 'waiting',
    version: number,
    delta: describe('delta', request.deltaMd5, request.deltaSizeInBytes),
    file: describe('file', request.fileMd5 ?? (request.deltaMd5 === undefined ? '' : undefined), request.fileSizeInBytes),
    signature: describe('signature', request.signatureMd5, request.signatureSizeInBytes),
  });
  return file;
}

export const ListFilesQuerySchema = lazy(() =>
  z.object({
    tag: z.string().min(1).optional(),
    userId: z.string().optional(),
    n: queryInt(1, 100).default(60),
    offset: queryInt(0).default(0),
  }),
);

/** GET /files: the actor's files (an admin may name another userId), newest first, optionally by tag. */
export function listFiles(sandbox: Sandbox, actor: UserRecord, query: unknown): FileRecord[] {
  const { tag, userId, n, offset } = parseInput(ListFilesQuerySchema, query);
  if (userId !== undefined && userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.notAuthorized);
  const files = sandbox.files.ownedBy(userId ?? actor.id);
  if (tag === undefined) {
    const end = Math.max(files.length - offset, 0);
    return files.slice(Math.max(end - n, 0), end).reverse();
  }
  const page: FileRecord[] = [];
  let skipped = 0;
  for (let i = files.length - 1; i >= 0 && page.length < n; i--) {
    if (!files[i]!.tags.includes(tag)) continue;
    if (skipped++ < offset) continue;
    page.push(files[i]!);
  }
  return page;
}

/** The bundle as the description's AdminAssetBundle answers it: without its id, which the path names. */
export function findAdminAssetBundle(sandbox: Sandbox, id: string): Omit<AdminAssetBundleRecord, 'id'> {
  const bundle = sandbox.adminAssetBundles.get(id);
  if (!bundle) throw new ApiError(404, messages.adminAssetBundleNotFound(id));
  const { id: _id, ...answer } = bundle;
  return answer;
}
