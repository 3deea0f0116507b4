import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { pageParams } from '../../schema/query.js';
import type { UserNoteRecord } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from './find-user.js';
import { wornAvatar } from './worn-avatar.js';

export function userNoteView(sandbox: Sandbox, note: UserNoteRecord) {
  const target = sandbox.users.get(note.targetUserId);
  return {
    ...note,
    targetUser: target && {
      id: target.id,
      displayName: target.displayName,
      currentAvatarTags: wornAvatar(sandbox, target).currentAvatarTags,
      currentAvatarThumbnailImageUrl: wornAvatar(sandbox, target).currentAvatarThumbnailImageUrl,
      profilePicOverride: target.profilePicOverride,
      userIcon: target.userIcon,
    },
  };
}

const NoteSchema = lazy(() => z.object({ targetUserId: idOf('usr'), note: z.string().max(256) }));

/** Sets the requester's note on a user (one per target; an empty note removes it). */
export function setUserNote(sandbox: Sandbox, actor: UserRecord, body: unknown): UserNoteRecord {
  const request = parseInput(NoteSchema, body);
  findUser(sandbox, request.targetUserId);
  let note = [...sandbox.userNotes.values()].find((n) => n.userId === actor.id && n.targetUserId === request.targetUserId);
  if (!note) {
    note = { id: newId('unt'), userId: actor.id, targetUserId: request.targetUserId, note: '', createdAt: isoNow(sandbox.clock) };
    sandbox.userNotes.set(note.id, note);
  }
  note.note = request.note;
  if (request.note === '') sandbox.userNotes.delete(note.id);
  return note;
}

const NotesQuerySchema = lazy(() => z.object(pageParams()));

export function listUserNotes(sandbox: Sandbox, actor: UserRecord, query: unknown): UserNoteRecord[] {
  const q = parseInput(NotesQuerySchema, query);
  return [...sandbox.userNotes.values()]
    .filter((n) => n.userId === actor.id)
    .reverse()
    .slice(q.offset, q.offset + q.n);
}

export function getUserNote(sandbox: Sandbox, actor: UserRecord, noteId: string): UserNoteRecord {
  const note = sandbox.userNotes.get(noteId);
  if (!note || note.userId !== actor.id) throw new ApiError(404, messages.userNoteNotFound);
  return note;
}
