import type { GroupPermission } from '../../store/records/groups.js';

/**
 * What each group and calendar operation asks of the requester, by the public description's
 * operationId. A permission name: a member whose roles grant it (or `*`), or the owner. `owner`: the
 * owner alone. `member`: any member. `self`: the requester acts on their own relation to the group.
 * `anyone`: any signed-in user, the group's privacy and the record's visibility deciding what they see.
 * Handlers read it through requireGroupAccess; README renders it; the matrix test walks it.
 */
export type GroupAccess = Exclude<GroupPermission, '*'> | 'owner' | 'member' | 'self' | 'anyone';

export const GROUP_OPERATIONS = {
  searchGroups: { method: 'GET', path: '/groups', access: 'anyone' },
  createGroup: { method: 'POST', path: '/groups', access: 'anyone' },
  getGroupRoleTemplates: { method: 'GET', path: '/groups/roleTemplates', access: 'anyone' },
  getGroup: { method: 'GET', path: '/groups/{groupId}', access: 'anyone' },
  updateGroup: { method: 'PUT', path: '/groups/{groupId}', access: 'group-data-manage' },
  deleteGroup: { method: 'DELETE', path: '/groups/{groupId}', access: 'owner' },
  getGroupTransferability: { method: 'GET', path: '/groups/{groupId}/transfer', access: 'owner' },
  initiateOrAcceptGroupTransfer: { method: 'POST', path: '/groups/{groupId}/transfer', access: 'owner' },
  cancelGroupTransfer: { method: 'DELETE', path: '/groups/{groupId}/transfer', access: 'owner' },
  updateGroupRepresentation: { method: 'PUT', path: '/groups/{groupId}/representation', access: 'member' },
  getGroupPermissions: { method: 'GET', path: '/groups/{groupId}/permissions', access: 'member' },
  blockGroup: { method: 'POST', path: '/groups/{groupId}/block', access: 'self' },
  joinGroup: { method: 'POST', path: '/groups/{groupId}/join', access: 'self' },
  leaveGroup: { method: 'POST', path: '/groups/{groupId}/leave', access: 'self' },
  cancelGroupRequest: { method: 'DELETE', path: '/groups/{groupId}/requests', access: 'self' },
  declineGroupInvite: { method: 'PUT', path: '/groups/{groupId}/invites', access: 'self' },
  getGroupInvites: { method: 'GET', path: '/groups/{groupId}/invites', access: 'group-invites-manage' },
  createGroupInvite: { method: 'POST', path: '/groups/{groupId}/invites', access: 'group-invites-manage' },
  deleteGroupInvite: { method: 'DELETE', path: '/groups/{groupId}/invites/{userId}', access: 'group-invites-manage' },
  getGroupRequests: { method: 'GET', path: '/groups/{groupId}/requests', access: 'group-invites-manage' },
  respondGroupJoinRequest: { method: 'PUT', path: '/groups/{groupId}/requests/{userId}', access: 'group-invites-manage' },
  getGroupBans: { method: 'GET', path: '/groups/{groupId}/bans', access: 'group-bans-manage' },
  banGroupMember: { method: 'POST', path: '/groups/{groupId}/bans', access: 'group-bans-manage' },
  unbanGroupMember: { method: 'DELETE', path: '/groups/{groupId}/bans/{userId}', access: 'group-bans-manage' },
  getGroupMembers: { method: 'GET', path: '/groups/{groupId}/members', access: 'member' },
  searchGroupMembers: { method: 'GET', path: '/groups/{groupId}/members/search', access: 'member' },
  getGroupMember: { method: 'GET', path: '/groups/{groupId}/members/{userId}', access: 'member' },
  updateGroupMember: { method: 'PUT', path: '/groups/{groupId}/members/{userId}', access: 'member' },
  kickGroupMember: { method: 'DELETE', path: '/groups/{groupId}/members/{userId}', access: 'group-members-remove' },
  addGroupMemberRole: { method: 'PUT', path: '/groups/{groupId}/members/{userId}/roles/{groupRoleId}', access: 'group-roles-assign' },
  removeGroupMemberRole: { method: 'DELETE', path: '/groups/{groupId}/members/{userId}/roles/{groupRoleId}', access: 'group-roles-assign' },
  getGroupRoles: { method: 'GET', path: '/groups/{groupId}/roles', access: 'anyone' },
  createGroupRole: { method: 'POST', path: '/groups/{groupId}/roles', access: 'group-roles-manage' },
  updateGroupRole: { method: 'PUT', path: '/groups/{groupId}/roles/{groupRoleId}', access: 'group-roles-manage' },
  deleteGroupRole: { method: 'DELETE', path: '/groups/{groupId}/roles/{groupRoleId}', access: 'group-roles-manage' },
  getGroupPosts: { method: 'GET', path: '/groups/{groupId}/posts', access: 'anyone' },
  addGroupPost: { method: 'POST', path: '/groups/{groupId}/posts', access: 'group-announcement-manage' },
  updateGroupPost: { method: 'PUT', path: '/groups/{groupId}/posts/{notificationId}', access: 'group-announcement-manage' },
  deleteGroupPost: { method: 'DELETE', path: '/groups/{groupId}/posts/{notificationId}', access: 'group-announcement-manage' },
  getGroupAnnouncements: { method: 'GET', path: '/groups/{groupId}/announcement', access: 'anyone' },
  createGroupAnnouncement: { method: 'POST', path: '/groups/{groupId}/announcement', access: 'group-announcement-manage' },
  deleteGroupAnnouncement: { method: 'DELETE', path: '/groups/{groupId}/announcement', access: 'group-announcement-manage' },
  createGroupGallery: { method: 'POST', path: '/groups/{groupId}/galleries', access: 'group-galleries-manage' },
  getGroupGalleryImages: { method: 'GET', path: '/groups/{groupId}/galleries/{groupGalleryId}', access: 'anyone' },
  updateGroupGallery: { method: 'PUT', path: '/groups/{groupId}/galleries/{groupGalleryId}', access: 'group-galleries-manage' },
  deleteGroupGallery: { method: 'DELETE', path: '/groups/{groupId}/galleries/{groupGalleryId}', access: 'group-galleries-manage' },
  addGroupGalleryImage: { method: 'POST', path: '/groups/{groupId}/galleries/{groupGalleryId}/images', access: 'member' },
  deleteGroupGalleryImage: {
    method: 'DELETE',
    path: '/groups/{groupId}/galleries/{groupGalleryId}/images/{groupGalleryImageId}',
    access: 'member',
  },
  getGroupAuditLogEntryTypes: { method: 'GET', path: '/groups/{groupId}/auditLogTypes', access: 'group-audit-view' },
  getGroupAuditLogs: { method: 'GET', path: '/groups/{groupId}/auditLogs', access: 'group-audit-view' },
  getCalendarEvents: { method: 'GET', path: '/calendar', access: 'anyone' },
  discoverCalendarEvents: { method: 'GET', path: '/calendar/discover', access: 'anyone' },
  getFeaturedCalendarEvents: { method: 'GET', path: '/calendar/featured', access: 'anyone' },
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
} as const satisfies Record<string, { method: string; path: string; access: GroupAccess }>;

export type GroupOperation = keyof typeof GROUP_OPERATIONS;

/** The operations that need one permission name: the ones the matrix test walks. */
export const permissionOperations = () =>
  (Object.keys(GROUP_OPERATIONS) as GroupOperation[]).filter((op) => GROUP_OPERATIONS[op].access.startsWith('group-'));

const ACCESS_TEXT: Record<string, string> = {
  anyone: 'any signed-in user',
  self: 'the requester, on their own relation',
  member: 'any member',
  owner: 'the owner',
};

/** The table as README shows it, between its markers; a test keeps README equal to it. */
export function permissionTableMarkdown(): string {
  const rows = Object.entries(GROUP_OPERATIONS).map(
    ([operation, { method, path, access }]) => `| \`${method} ${path}\` | ${operation} | ${ACCESS_TEXT[access] ?? `\`${access}\``} |`,
  );
  return ['| operation | operationId | needs |', '|---|---|---|', ...rows].join('\n');
}
