import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, invalidFields, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { md5Base64, nonePart, partFileName, type FileRecord } from '../../store/records/files.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import type { Photo } from './invites.js';
import { checkUploadRoom } from '../files/public.js';
import { putBlob } from '../../store/upload-bytes.js';
import { guardGrowth } from '../../store/growth.js';

const IMAGE_TYPES = lazy(() => z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']));
const EXTENSIONS: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp' };

/** What a photo variant's multipart body holds: `data` (the JSON of the plain variant) and `image`. */
export interface PhotoUpload {
  data?: unknown;
  image?: unknown;
}

/** The JSON of `data`, as the plain variant takes it; a missing or malformed one is a 400 naming it. */
export function photoData(upload: PhotoUpload): unknown {
  if (typeof upload.data !== 'string') throw invalidFields(['data is required']);
  try {
    return JSON.parse(upload.data);
  } catch {
    throw invalidFields(['data must be JSON']);
  }
}

export interface PhotoImage {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: z.infer<typeof IMAGE_TYPES>;
}

/** Reads the multipart `image`: a PNG, JPEG, GIF or WebP file. */
export async function readPhoto(upload: PhotoUpload): Promise<PhotoImage> {
  const image = upload.image;
  if (!(image instanceof Blob)) throw invalidFields(['image is required']);
  const type = IMAGE_TYPES.safeParse(image.type);
  if (!type.success) throw new ApiError(400, messages.invitePhotoNotImage);
  return { bytes: new Uint8Array(await image.arrayBuffer()), mimeType: type.data };
}

/**
 * The image of a photo invite as a file of the sender (version 1 complete) at the URL the
 * notification's details name, refused with 413 when it does not fit the world's upload total.
 * `keep` stores it: call it once the invite is made, in the same synchronous block, so a refused
 * invite leaves no file behind and the total holds.
 */
export function preparePhoto(sandbox: Sandbox, actor: UserRecord, image: PhotoImage, origin: string): { photo: Photo; keep: () => void } {
  guardGrowth(sandbox, 'files', actor.id);
  checkUploadRoom(sandbox, image.bytes.byteLength);
  const now = isoNow(sandbox.clock);
  const id = newId('file');
  const extension = EXTENSIONS[image.mimeType]!;
  const url = `${origin}/api/1/file/${id}/1/file`;
  const file: FileRecord = {
    id,
    ownerId: actor.id,
    name: `Invite photo ${now}`,
    extension,
    mimeType: image.mimeType,
    tags: ['invitephoto'],
    versions: [{ created_at: now, status: 'complete', version: 0 }],
  };
  // The parts not uploaded are there as none, as a file read back from its saved form has them.
  file.versions.push({
    created_at: now,
    status: 'complete',
    version: 1,
    file: {
      category: 'simple',
      fileName: `${id}.1${extension}`,
      md5: md5Base64(image.bytes),
      sizeInBytes: image.bytes.length,
      status: 'complete',
      uploadId: '',
      url,
    },
    signature: nonePart(partFileName(file, 1, 'signature')),
    delta: nonePart(partFileName(file, 1, 'delta')),
  });
  const keep = () => {
    sandbox.files.add(file);
    putBlob(sandbox, `${id}/1/file`, image.bytes);
  };
  return { photo: { imageUrl: url }, keep };
}
