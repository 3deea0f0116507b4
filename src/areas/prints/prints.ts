import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import type { PrintRecord } from '../../store/records/prints.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { announceContent, deleteFile, isPng, storeImageFile } from '../files/public.js';
import { guardGrowth } from '../../store/growth.js';

const dateTime = () => z.iso.datetime({ offset: true, error: 'must be a date-time' });

/** The text fields of POST /prints beside the image. */
const UploadFieldsSchema = lazy(() =>
  z.object({
    note: z.string().default(''),
    timestamp: dateTime(),
    worldId: z.string().default(''),
    worldName: z.string().optional(),
  }),
);

/** The text fields of POST /prints/{printId} beside the image: the note alone may change. */
const EditFieldsSchema = lazy(() => z.object({ note: z.string().optional() }));

/** An upload's image as the form carried it: the bytes of a PNG, refused otherwise. */
function pngOf(bytes: Uint8Array<ArrayBuffer> | undefined): Uint8Array<ArrayBuffer> {
  if (!bytes) throw new ApiError(400, messages.printImageMissing);
  if (!isPng(bytes)) throw new ApiError(400, messages.printImageNotPng);
  return bytes;
}

/** The print's image as a file of its author, announced to them as the real pipeline does. */
function storePrintImage(sandbox: Sandbox, actor: UserRecord, printId: string, bytes: Uint8Array<ArrayBuffer>): string {
  const file = storeImageFile(sandbox, actor.id, 'print image', ['print'], bytes);
  announceContent(sandbox, file, 'created', printId);
  return file.id;
}

/** POST /prints: the image becomes a PNG file of the requester and the print names it. */
export function uploadPrint(
  sandbox: Sandbox,
  actor: UserRecord,
  fields: Record<string, unknown>,
  bytes: Uint8Array<ArrayBuffer> | undefined,
): PrintRecord {
  const request = parseInput(UploadFieldsSchema, fields);
  const image = pngOf(bytes);
  guardGrowth(sandbox, 'prints', actor.id);
  const id = newId('prnt');
  const print: PrintRecord = {
    id,
    authorId: actor.id,
    fileId: storePrintImage(sandbox, actor, id, image),
    note: request.note,
    timestamp: new Date(request.timestamp).toISOString(),
    createdAt: isoNow(sandbox.clock),
    worldId: request.worldId,
    worldName: request.worldName ?? sandbox.worlds.get(request.worldId)?.name ?? '',
  };
  sandbox.prints.set(print.id, print);
  return print;
}

/** GET /prints/user/{userId}: the requester's own prints, newest first; anyone else's are refused. */
export function listUserPrints(sandbox: Sandbox, actor: UserRecord, userId: string): PrintRecord[] {
  if (userId !== actor.id) throw new ApiError(403, messages.printsOfOtherUser);
  return [...sandbox.prints.values()].filter((print) => print.authorId === actor.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** GET /prints/{printId}: any signed-in user may open a print by its id, as a shared link does. */
export function findPrint(sandbox: Sandbox, printId: string): PrintRecord {
  const print = sandbox.prints.get(printId);
  if (!print) throw new ApiError(404, messages.printNotFound(printId));
  return print;
}

function ownPrint(sandbox: Sandbox, actor: UserRecord, printId: string): PrintRecord {
  const print = findPrint(sandbox, printId);
  if (print.authorId !== actor.id) throw new ApiError(403, messages.printNotOwned);
  return print;
}

/** POST /prints/{printId}: a new image (and note, if sent) for the author's print; the old image file goes. */
export function editPrint(
  sandbox: Sandbox,
  actor: UserRecord,
  printId: string,
  fields: Record<string, unknown>,
  bytes: Uint8Array<ArrayBuffer> | undefined,
): PrintRecord {
  const request = parseInput(EditFieldsSchema, fields);
  const print = ownPrint(sandbox, actor, printId);
  const image = pngOf(bytes);
  const replaced = print.fileId;
  print.fileId = storePrintImage(sandbox, actor, print.id, image);
  if (request.note !== undefined) print.note = request.note;
  dropImage(sandbox, actor, replaced, print.id);
  return print;
}

/** DELETE /prints/{printId}: the author's print goes, with its image file. */
export function deletePrint(sandbox: Sandbox, actor: UserRecord, printId: string): void {
  const print = ownPrint(sandbox, actor, printId);
  sandbox.prints.delete(print.id);
  dropImage(sandbox, actor, print.fileId, print.id);
}

/** Only the author's own file goes: they may have deleted it through /file already, or a fixture may name another's. */
function dropImage(sandbox: Sandbox, actor: UserRecord, fileId: string, printId: string): void {
  if (sandbox.files.get(fileId)?.ownerId === actor.id) deleteFile(sandbox, actor, fileId, printId);
}

/** The Print a client sees; its image is version 1 of its file, served by GET /file/{fileId}/1/file. */
export function printView(sandbox: Sandbox, print: PrintRecord, origin: string) {
  return {
    id: print.id,
    authorId: print.authorId,
    authorName: sandbox.users.get(print.authorId)?.displayName ?? '',
    ownerId: print.authorId,
    createdAt: print.createdAt,
    timestamp: print.timestamp,
    note: print.note,
    worldId: print.worldId,
    worldName: print.worldName,
    files: { fileId: print.fileId, image: `${origin}/api/1/file/${print.fileId}/1/file` },
  };
}
