import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { ownedFile } from './files.js';

/** `galleryId` is required, as the description says, but the order applies to the requester's own files. */
const FileOrderRequestSchema = lazy(() =>
  z.object({
    galleryId: z.string().min(1),
    ids: z.array(idOf('file')).min(1),
  }),
);

/**
 * PUT /files/order: the listed files, all the requester's, lead GET /files in the order given; the
 * others follow in the order they had. Every id is checked before anything moves.
 */
export function orderFiles(sandbox: Sandbox, actor: UserRecord, body: unknown): { ids: string[] } {
  const { ids } = parseInput(FileOrderRequestSchema, body);
  const seen = new Set<string>();
  const files = ids.map((id) => {
    if (seen.has(id)) throw new ApiError(400, messages.fileOrderDuplicate(id));
    seen.add(id);
    return ownedFile(sandbox, actor, id);
  });
  sandbox.files.putFirst(actor.id, files);
  return { ids };
}
