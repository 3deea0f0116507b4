import type { GroupPermission } from '../../store/records/groups.js';
import { profileDifferences, type ProfileDifferenceName } from '../../live-profile.js';

/**
 * What each group and calendar operation asks of the requester, by the public description's
 * operationId. A permission name: a member whose roles grant it (or `*`), or the owner. `owner`: the
 * owner alone. `member`: any member. `self`: the requester acts on their own relation to the group.
 * `anyone`: any signed-in user, the group's privacy and the record's visibility deciding what they see.
 * `public`: as `anyone`, and a caller without a session too, who sees what a stranger sees.
 *
 * `unknownGroup` is how the operation answers a well-formed id of no group, as the live service answers it
 * (the community's conformance suite, its `*-not-found` workflows): `refused`, the 403 a requester who holds
 * nothing in the group gets (the live service checks the requester's standing before the group is found);
 * the name of a profile difference where the seed's table says otherwise (src/live-profile.ts); left out,
 * 404 `Can't find group!`.
 * Handlers read it through requireGroupAccess and findGroup; docs/api/groups.md renders it; the matrix test walks it.
 */
export type GroupAccess = Exclude<GroupPermission, '*'> | 'owner' | 'member' | 'self' | 'anyone' | 'public';
export type UnknownGroupAnswer = 'refused' | ProfileDifferenceName;

export const GROUP_OPERATIONS = {
  searchGroups: { method: 'GET', path: '/groups', access: 'anyone' },
  createGroup: { method: 'POST', path: '/groups', access: 'anyone' },
  getGroupRoleTemplates: { method: 'GET', path: '/groups/roleTemplates', access: 'anyone' },
  getGroup: { method: 'GET', path: '/groups/{groupId}', access: 'anyone' },
  updateGroup: { method: 'PUT', path: '/groups/{groupId}', access: 'group-data-manage', unknownGroup: 'updateUnknownGroup' },
  deleteGroup: { method: 'DELETE', path: '/groups/{groupId}', access: 'owner' },
  getGroupTransferability: { method: 'GET', path: '/groups/{groupId}/transfer', access: 'owner', unknownGroup: 'refused' },
  initiateOrAcceptGroupTransfer: { method: 'POST', path: '/groups/{groupId}/transfer', access: 'owner', unknownGroup: 'refused' },
  cancelGroupTransfer: { method: 'DELETE', path: '/groups/{groupId}/transfer', access: 'owner', unknownGroup: 'refused' },
  updateGroupRepresentation: { method: 'PUT', path: '/groups/{groupId}/representation', access: 'member', unknownGroup: 'refused' },
  getGroupPermissions: { method: 'GET', path: '/groups/{groupId}/permissions', access: 'member', unknownGroup: 'refused' },
  blockGroup: { method: 'POST', path: '/groups/{groupId}/block', access: 'self' },
  joinGroup: { method: 'POST', path: '/groups/{groupId}/join', access: 'self' },
  leaveGroup: { method: 'POST', path: '/groups/{groupId}/leave', access: 'self', unknownGroup: 'refused' },
  cancelGroupRequest: { method: 'DELETE', path: '/groups/{groupId}/requests', access: 'self' },
  declineGroupInvite: { method: 'PUT', path: '/groups/{groupId}/invites', access: 'self' },
  getGroupInvites: { method: 'GET', path: '/groups/{groupId}/invites', access: 'group-invites-manage', unknownGroup: 'refused' },
  createGroupInvite: { method: 'POST', path: '/groups/{groupId}/invites', access: 'group-invites-manage', unknownGroup: 'refused' },
  deleteGroupInvite: { method: 'DELETE', path: '/groups/{groupId}/invites/{userId}', access: 'group-invites-manage' },
  getGroupRequests: { method: 'GET', path: '/groups/{groupId}/requests', access: 'group-invites-manage', unknownGroup: 'refused' },
  respondGroupJoinRequest: {
    method: 'PUT',
    path: '/groups/{groupId}/requests/{userId}',
    access: 'group-invites-manage',
    unknownGroup: 'refused',
  },
  getGroupBans: { method: 'GET', path: '/groups/{groupId}/bans', access: 'group-bans-manage', unknownGroup: 'refused' },
  banGroupMember: { method: 'POST', path: '/groups/{groupId}/bans', access: 'group-bans-manage', unknownGroup: 'refused' },
  unbanGroupMember: { method: 'DELETE', path: '/groups/{groupId}/bans/{userId}', access: 'group-bans-manage', unknownGroup: 'refused' },
  getGroupMembers: { method: 'GET', path: '/groups/{groupId}/members', access: 'member' },
  searchGroupMembers: { method: 'GET', path: '/groups/{groupId}/members/search', access: 'member' },
  getGroupMember: { method: 'GET', path: '/groups/{groupId}/members/{userId}', access: 'member', unknownGroup: 'refused' },
  updateGroupMember: {
    method: 'PUT',
    path: '/groups/{groupId}/members/{userId}',
    access: 'member',
    unknownGroup: 'updateUnknownGroupMember',
  },
  kickGroupMember: { method: 'DELETE', path: '/groups/{groupId}/members/{userId}', access: 'group-members-remove' },
  addGroupMemberRole: {
    method: 'PUT',
    path: '/groups/{groupId}/members/{userId}/roles/{groupRoleId}',
    access: 'group-roles-assign',
    unknownGroup: 'refused',
  },
  removeGroupMemberRole: {
    method: 'DELETE',
    path: '/groups/{groupId}/members/{userId}/roles/{groupRoleId}',
    access: 'group-roles-assign',
    unknownGroup: 'refused',
  },
  getGroupRoles: { method: 'GET', path: '/groups/{groupId}/roles', access: 'anyone', unknownGroup: 'refused' },
  createGroupRole: { method: 'POST', path: '/groups/{groupId}/roles', access: 'group-roles-manage', unknownGroup: 'refused' },
  updateGroupRole: { method: 'PUT', path: '/groups/{groupId}/roles/{groupRoleId}', access: 'group-roles-manage' },
  deleteGroupRole: {
    method: 'DELETE',
    path: '/groups/{groupId}/roles/{groupRoleId}',
    access: 'group-roles-manage',
    unknownGroup: 'refused',
  },
  getGroupPosts: { method: 'GET', path: '/groups/{groupId}/posts', access: 'anyone' },
  addGroupPost: { method: 'POST', path: '/groups/{groupId}/posts', access: 'group-announcement-manage' },
  updateGroupPost: {
    method: 'PUT',
    path: '/groups/{groupId}/posts/{notificationId}',
    access: 'group-announcement-manage',
    unknownGroup: 'refused',
  },
  deleteGroupPost: {
    method: 'DELETE',
    path: '/groups/{groupId}/posts/{notificationId}',
    access: 'group-announcement-manage',
    unknownGroup: 'refused',
  },
  getGroupAnnouncements: { method: 'GET', path: '/groups/{groupId}/announcement', access: 'anyone', unknownGroup: 'refused' },
  createGroupAnnouncement: {
    method: 'POST',
    path: '/groups/{groupId}/announcement',
    access: 'group-announcement-manage',
    unknownGroup: 'refused',
  },
  deleteGroupAnnouncement: {
    method: 'DELETE',
    path: '/groups/{groupId}/announcement',
    access: 'group-announcement-manage',
    unknownGroup: 'refused',
  },
  createGroupGallery: { method: 'POST', path: '/groups/{groupId}/galleries', access: 'group-galleries-manage', unknownGroup: 'refused' },
  getGroupGalleryImages: { method: 'GET', path: '/groups/{groupId}/galleries/{groupGalleryId}', access: 'anyone' },
  updateGroupGallery: {
    method: 'PUT',
    path: '/groups/{groupId}/galleries/{groupGalleryId}',
    access: 'group-galleries-manage',
    unknownGroup: 'refused',
  },
  deleteGroupGallery: {
    method: 'DELETE',
    path: '/groups/{groupId}/galleries/{groupGalleryId}',
    access: 'group-galleries-manage',
    unknownGroup: 'refused',
  },
  addGroupGalleryImage: {
    method: 'POST',
    path: '/groups/{groupId}/galleries/{groupGalleryId}/images',
    access: 'member',
    unknownGroup: 'refused',
  },
  deleteGroupGalleryImage: {
    method: 'DELETE',
    path: '/groups/{groupId}/galleries/{groupGalleryId}/images/{groupGalleryImageId}',
    access: 'member',
  },
  getGroupAuditLogEntryTypes: {
    method: 'GET',
    path: '/groups/{groupId}/auditLogTypes',
    access: 'group-audit-view',
    unknownGroup: 'refused',
  },
  getGroupAuditLogs: { method: 'GET', path: '/groups/{groupId}/auditLogs', access: 'group-audit-view', unknownGroup: 'refused' },
  getGroupInstances: { method: 'GET', path: '/groups/{groupId}/instances', access: 'anyone', unknownGroup: 'refused' },
  getCalendarEvents: { method: 'GET', path: '/calendar', access: 'anyone' },
  discoverCalendarEvents: { method: 'GET', path: '/calendar/discover', access: 'public' },
  getFeaturedCalendarEvents: { method: 'GET', path: '/calendar/featured', access: 'public' },
  getFollowedCalendarEvents: { method: 'GET', path: '/calendar/following', access: 'anyone' },
  searchCalendarEvents: { method: 'GET', path: '/calendar/search', access: 'anyone' },
  getGroupCalendarEvents: { method: 'GET', path: '/calendar/{groupId}', access: 'anyone' },
  getGroupNextCalendarEvent: { method: 'GET', path: '/calendar/{groupId}/next', access: 'anyone' },
  getGroupCalendarEvent: { method: 'GET', path: '/calendar/{groupId}/{calendarId}', access: 'anyone' },
  getGroupCalendarEventICS: { method: 'GET', path: '/calendar/{groupId}/{calendarId}.ics', access: 'anyone' },
  followGroupCalendarEvent: { method: 'POST', path: '/calendar/{groupId}/{calendarId}/follow', access: 'anyone' },
  createGroupCalendarEvent: { method: 'POST', path: '/calendar/{groupId}/event', access: 'group-calendar-manage' },
  updateGroupCalendarEvent: { method: 'PUT', path: '/calendar/{groupId}/{calendarId}/event', access: 'group-calendar-manage' },
  deleteGroupCalendarEvent: { method: 'DELETE', path: '/calendar/{groupId}/{calendarId}', access: 'group-calendar-manage' },
} as const satisfies Record<string, { method: string; path: string; access: GroupAccess; unknownGroup?: UnknownGroupAnswer }>;

export type GroupOperation = keyof typeof GROUP_OPERATIONS;

/** The operations that need one permission name: the ones the matrix test walks. */
export const permissionOperations = () =>
  (Object.keys(GROUP_OPERATIONS) as GroupOperation[]).filter((op) => GROUP_OPERATIONS[op].access.startsWith('group-'));

const ACCESS_TEXT: Record<string, string> = {
  anyone: 'any signed-in user',
  public: 'anyone, with or without a session',
  self: 'the requester, on their own relation',
  member: 'any member',
  owner: 'the owner',
};

function unknownGroupText(spec: { path: string; unknownGroup?: UnknownGroupAnswer }): string {
  if (!spec.path.includes('{groupId}')) return '';
  if (spec.unknownGroup === undefined) return '404';
  if (spec.unknownGroup === 'refused') return '403';
  const { seed, live } = profileDifferences[spec.unknownGroup];
  return `${seed.status} (\`--profile live\`: ${live.status})`;
}

/** The table as README shows it, between its markers; a test keeps README equal to it. */
export function permissionTableMarkdown(): string {
  const table: Record<string, { method: string; path: string; access: string; unknownGroup?: UnknownGroupAnswer }> = GROUP_OPERATIONS;
  const rows = Object.entries(table).map(
    ([operation, spec]) =>
      `| \`${spec.method} ${spec.path}\` | ${operation} | ${ACCESS_TEXT[spec.access] ?? `\`${spec.access}\``} | ${unknownGroupText(spec)} |`,
  );
  return ['| operation | operationId | needs | unknown group |', '|---|---|---|---|', ...rows].join('\n');
}
