import { createHash } from 'node:crypto';
import * as z from 'zod';
import { FIXTURE_EPOCH, count, idOf, strings, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/** The OpenAPI MIMEType enum, with svg's plus sign in plain ASCII. */
export const MIME_TYPES = [
  'application/gzip',
  'application/octet-stream',
  'application/x-avatar',
  'application/x-prop',
  'application/x-rsync-delta',
  'application/x-rsync-signature',
  'application/x-world',
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/svg+xml',
  'image/tiff',
  'image/webp',
] as const;
export const MimeType = lazy(() => z.enum(MIME_TYPES));
export type MimeType = z.infer<typeof MimeType>;

export const FileStatus = lazy(() => z.enum(['complete', 'none', 'queued', 'waiting']));
export type FileStatus = z.infer<typeof FileStatus>;
export const FILE_TYPES = ['delta', 'file', 'signature'] as const;
export const FileType = lazy(() => z.enum(FILE_TYPES));
export type FileType = z.infer<typeof FileType>;
export const FileCategory = lazy(() => z.enum(['multipart', 'queued', 'simple']));

/** One uploaded blob of a version (its file, signature or delta), as responses carry it. */
export const FileDataSchema = lazy(() =>
  z.object({
    category: FileCategory,
    fileName: z.string(),
    md5: z.string(),
    sizeInBytes: z.number().int().min(0),
    status: FileStatus,
    uploadId: z.string(),
    url: z.string(),
  }),
);
export type FileData = z.infer<typeof FileDataSchema>;

/** Version 0 carries only created_at, status and version; versions 1 and up carry all three parts. */
export const FileVersionSchema = lazy(() =>
  z.object({
    created_at: z.string(),
    status: FileStatus,
    version: z.number().int().min(0),
    delta: FileDataSchema.optional(),
    file: FileDataSchema.optional(),
    signature: FileDataSchema.optional(),
  }),
);
export type FileVersion = z.infer<typeof FileVersionSchema>;

export const FileSchema = lazy(() =>
  z.object({
    id: idOf('file'),
    name: z.string(),
    extension: z.string(),
    mimeType: MimeType,
    ownerId: idOf('usr'),
    tags: z.array(z.string()),
    versions: z.array(FileVersionSchema).min(1),
  }),
);
export type ApiFile = z.infer<typeof FileSchema>;

export const FileUploadUrlSchema = lazy(() => z.object({ url: z.url() }));

/**
 * A part as the sandbox stores it. `data` (base64) lets a fixture provide the bytes a download returns;
 * it never appears in a response. A fixture part may leave out md5 and sizeInBytes: they are derived from data.
 */
const FileDataRecordSchema = lazy(() =>
  z.object({
    category: FileCategory.default('simple'),
    fileName: text(),
    md5: text(),
    sizeInBytes: count(),
    status: FileStatus.default('complete'),
    uploadId: text(),
    url: text(),
    data: z.base64().optional(),
  }),
);
export type FileDataRecord = z.infer<typeof FileDataRecordSchema>;

const FileVersionRecordSchema = lazy(() =>
  z.object({
    created_at: timestamp(),
    status: FileStatus.default('complete'),
    version: z.number().int().min(0),
    delta: FileDataRecordSchema.optional(),
    file: FileDataRecordSchema.optional(),
    signature: FileDataRecordSchema.optional(),
  }),
);
export type FileVersionRecord = z.infer<typeof FileVersionRecordSchema>;

export const FileRecordSchema = lazy(() =>
  z
    .object({
      id: idOf('file'),
      ownerId: idOf('usr'),
      name: text(),
      extension: text(),
      mimeType: MimeType.default('image/jpeg'),
      tags: strings(),
      versions: z
        .array(FileVersionRecordSchema)
        .min(1)
        .default(() => [{ created_at: FIXTURE_EPOCH, status: 'complete' as const, version: 0 }]),
    })
    .superRefine((file, ctx) => {
      file.versions.forEach((v, index) => {
        if (v.version !== index) ctx.addIssue({ code: 'custom', path: ['versions', index, 'version'], message: `must be ${index}` });
        if (index === 0 && (v.delta || v.file || v.signature)) {
          ctx.addIssue({ code: 'custom', path: ['versions', 0], message: 'version 0 is the creation of the file and has no parts' });
        }
      });
    })
    .transform((file) => {
      for (const version of file.versions.slice(1)) {
        for (const type of FILE_TYPES) version[type] = completePart(file, version.version, type, version[type]);
      }
      return file;
    }),
);
export type FileRecord = z.infer<typeof FileRecordSchema>;

/** The stored name of a part, shaped like the real service's: `<Name>.<fileId>.<version><extension>[.signature|.delta]`. */
export function partFileName(file: Pick<FileRecord, 'id' | 'name' | 'extension'>, version: number, type: FileType): string {
  const stem = file.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'File';
  return `${stem}.${file.id}.${version}${file.extension}${type === 'file' ? '' : `.${type}`}`;
}

/** The base64 md5 the real service's parts carry. */
export const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

export const nonePart = (fileName: string): FileDataRecord => ({
  category: 'queued',
  fileName,
  md5: '',
  sizeInBytes: 0,
  status: 'none',
  uploadId: '',
  url: '',
});

function completePart(
  file: Pick<FileRecord, 'id' | 'name' | 'extension'>,
  version: number,
  type: FileType,
  part: FileDataRecord | undefined,
): FileDataRecord {
  const fileName = part?.fileName || partFileName(file, version, type);
  if (!part) return nonePart(fileName);
  const filled = { ...part, fileName };
  if (part.data !== undefined && part.md5 === '') {
    const bytes = Buffer.from(part.data, 'base64');
    filled.md5 = md5Base64(bytes);
    filled.sizeInBytes = bytes.length;
  }
  return filled;
}

/** What the sandbox keeps of one part's upload between start and finish. */
export interface UploadSession {
  uploadId: string;
  /** Part number -> the token of its upload URL and, once PUT, its bytes and ETag (hex md5). */
  parts: Map<number, { token: string; bytes?: Uint8Array<ArrayBuffer>; etag?: string }>;
}

/** What an upload URL's token unlocks: one part number of one part of one version. */
export interface UploadTicket {
  fileId: string;
  version: number;
  fileType: FileType;
  partNumber: number;
}

export const ReleaseStatus = lazy(() => z.enum(['all', 'hidden', 'private', 'public']));

export const AdminUnityPackageSchema = lazy(() =>
  z.object({
    assetUrl: z.string(),
    assetVersion: z.number().int().min(0),
    platform: z.string(),
    unityVersion: z.string().min(1).default('2022.3.22f1-DWR'),
    variant: z.string().default('standard'),
  }),
);

/** The OpenAPI AdminAssetBundle, plus its `aab_` id. */
export const AdminAssetBundleSchema = lazy(() =>
  z.object({
    id: idOf('aab'),
    _created_at: timestamp(),
    _updated_at: timestamp(),
    assetType: text(),
    authorId: idOf('usr'),
    authorName: text(),
    description: text(),
    imageUrl: text(),
    name: z.string(),
    releaseStatus: ReleaseStatus.default('public'),
    tags: strings(),
    thumbnailImageUrl: text(),
    unityPackageUrl: z.string().nullable().default(null),
    unityPackages: z.array(AdminUnityPackageSchema).min(1),
  }),
);
export const AdminAssetBundleRecordSchema = AdminAssetBundleSchema;
export type AdminAssetBundleRecord = z.infer<typeof AdminAssetBundleRecordSchema>;
