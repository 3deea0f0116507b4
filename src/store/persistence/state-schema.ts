import * as z from 'zod';
import { lazy } from '../../schema/lazy.js';
import { InviteMessageType } from '../records/invite-messages.js';
import { FileType } from '../records/files.js';
import { GroupAnnouncementSchema, GroupAuditLogEntrySchema, GroupGalleryImageSchema, GroupPostSchema } from '../records/group-extras.js';
import { GroupMemberRecordSchema } from '../records/groups.js';

/** A file of an older shape lacks what later versions keep: it starts with none of it. */
const map = <K extends z.ZodType, V extends z.ZodType>(key: K, value: V) => z.map(key, value).default(() => new Map());

/**
 * What a saved sandbox holds beside its records (SandboxState, as `fromJson` gives it back): checked
 * before a sandbox is built from it, so a damaged or hand-edited file is refused with the field it
 * got wrong rather than failing later in some request; what an older file lacks is filled in empty.
 */
export const SandboxStateSchema = lazy(() => {
  // Built with the schema, not at import: the fixtures directory's reader imports this at start-up.
  const text = z.string();
  const whole = z.number().int();
  const bytes = z.instanceof(Uint8Array);
  const ids = z.array(text);
  return z.object({
    inviteMessages: map(
      text,
      z.array(
        z.object({
          id: text,
          messageType: InviteMessageType,
          slot: whole,
          message: text,
          updatedAt: text,
          customised: z.boolean(),
          cooldownEndsAt: z.number(),
          resetAt: z.number().optional(),
        }),
      ),
    ),
    fileBlobs: map(text, bytes),
    fileUploads: map(
      text,
      z.object({ uploadId: text, parts: z.map(whole, z.object({ token: text, bytes: bytes.optional(), etag: text.optional() })) }),
    ),
    uploadTickets: map(text, z.object({ fileId: text, version: whole, fileType: FileType, partNumber: whole })),
    // Without it, discovery starts from the records' order.
    discovery: z.object({ seed: whole, requests: whole, all: ids, byWorld: z.map(text, ids), byGroup: z.map(text, ids) }).optional(),
    groupExtras: z
      .object({
        groupPosts: map(text, z.array(GroupPostSchema)),
        groupAnnouncements: map(text, GroupAnnouncementSchema),
        groupGalleryImages: map(text, z.array(GroupGalleryImageSchema)),
        // Only audit() changes a log: it appends, and past the limit drops the oldest.
        groupAuditLogs: map(text, z.array(GroupAuditLogEntrySchema)).meta({ appendOnly: true }),
        groupBlockedRequests: map(text, z.map(text, GroupMemberRecordSchema)),
        calendarFollows: map(text, z.map(text, text)),
      })
      .default(() => ({
        groupPosts: new Map(),
        groupAnnouncements: new Map(),
        groupGalleryImages: new Map(),
        groupAuditLogs: new Map(),
        groupBlockedRequests: new Map(),
        calendarFollows: new Map(),
      })),
    fileOrder: map(text, ids),
  });
});
