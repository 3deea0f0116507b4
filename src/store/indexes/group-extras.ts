import type { GroupAnnouncement, GroupAuditLogEntry, GroupGalleryImage, GroupPost } from '../records/group-extras.js';
import type { GroupMemberRecord } from '../records/groups.js';
import { WatchedMap, watched } from '../watched-map.js';

/**
 * What groups gather while a sandbox runs and fixtures do not seed: posts, announcements, gallery
 * images, the audit log, blocked join requests and followed calendar events.
 */
export interface GroupExtrasIndex {
  /** groupId -> posts, oldest first. */
  readonly groupPosts: Map<string, GroupPost[]>;
  readonly groupAnnouncements: Map<string, GroupAnnouncement>;
  /** galleryId -> images, oldest first. */
  readonly groupGalleryImages: Map<string, GroupGalleryImage[]>;
  /** groupId -> entries, oldest first. */
  readonly groupAuditLogs: Map<string, GroupAuditLogEntry[]>;
  /** groupId -> userId -> the request that was rejected with `block`; kept out of the member index. */
  readonly groupBlockedRequests: Map<string, Map<string, GroupMemberRecord>>;
  /** userId -> calendar event id -> its group, in the order they followed them. */
  readonly calendarFollows: Map<string, Map<string, string>>;
}

export const emptyGroupExtras = (): GroupExtrasIndex => ({
  groupPosts: new WatchedMap(),
  groupAnnouncements: new WatchedMap(),
  groupGalleryImages: new WatchedMap(),
  groupAuditLogs: new WatchedMap(),
  groupBlockedRequests: new WatchedMap(),
  calendarFollows: new WatchedMap(),
});

/** The list under `key`, made empty on first use. */
export function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** The extras with each map watched (see WatchedMap): those read from a file are plain maps. */
export const watchedGroupExtras = (extras: GroupExtrasIndex): GroupExtrasIndex => ({
  groupPosts: watched(extras.groupPosts),
  groupAnnouncements: watched(extras.groupAnnouncements),
  groupGalleryImages: watched(extras.groupGalleryImages),
  groupAuditLogs: watched(extras.groupAuditLogs),
  groupBlockedRequests: watched(extras.groupBlockedRequests),
  calendarFollows: watched(extras.calendarFollows),
});

/** The sandbox's extras alone, as a snapshot keeps them. */
export const groupExtrasOf = (sandbox: GroupExtrasIndex): GroupExtrasIndex => ({
  groupPosts: sandbox.groupPosts,
  groupAnnouncements: sandbox.groupAnnouncements,
  groupGalleryImages: sandbox.groupGalleryImages,
  groupAuditLogs: sandbox.groupAuditLogs,
  groupBlockedRequests: sandbox.groupBlockedRequests,
  calendarFollows: sandbox.calendarFollows,
});
