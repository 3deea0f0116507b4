import { expect, it } from 'vitest';
import { GROUP_OPERATIONS, type GroupOperation } from '../../../src/areas/groups/permission-table.js';
import { ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { events, openMicEvent } from '../../support/calendar-seed.js';

const failures: string[] = [];

// Strictly typed generated clients fail to decode a body that leaves the schema: walk every operation once
// (the test helpers' call() validates each answer against its operation's public response schema).
it('answers every group and calendar operation in the shape of the public OpenAPI schema', async () => {
  const t = testSandbox();
  const alice = await t.login('alice');
  const bob = await t.login('bob');
  const admin = await t.login('admin');
  const call = async (op: GroupOperation, cookie: string, params: Record<string, string> = {}, body?: unknown, query = '') => {
    const path = GROUP_OPERATIONS[op].path.replace(/\{(\w+)\}/g, (_, n: string) => params[n] ?? '');
    const r = await t.call(GROUP_OPERATIONS[op].method, path + query, { cookie, body });
    // call() has checked a 200's body against the operation's public schema (test/support/contract-check.ts).
    if (r.status !== 200) failures.push(`${op}: ${r.status} ${r.text}`);
    return r.body;
  };
  const g = { groupId: groups.builders };
  await call('searchGroups', alice, {}, undefined, '?query=o');
  const made = await call('createGroup', admin, {}, { name: 'Contract', shortCode: 'CTR', roleTemplate: 'default' });
  await call('getGroupRoleTemplates', alice);
  await call('getGroup', alice, g);
  await call('getGroupPermissions', bob, g);
  await call('getGroupTransferability', alice, g, undefined, `?transferTargetId=${ids.bob}`);
  await call('joinGroup', alice, { groupId: groups.quietCorner });
  await call('getGroupMembers', alice, g);
  await call('searchGroupMembers', alice, g, undefined, '?query=b');
  await call('getGroupMember', alice, { ...g, userId: ids.bob });
  await call('banGroupMember', alice, g, { userId: ids.carol });
  await call('getGroupBans', alice, g);
  await call('unbanGroupMember', alice, { ...g, userId: ids.carol });
  await call('getGroupRoles', alice, g);
  const role = await call('createGroupRole', alice, g, { name: 'R', permissions: ['group-audit-view'] });
  await call('updateGroupRole', alice, { ...g, groupRoleId: role.id }, { name: 'R2' });
  await call('addGroupMemberRole', alice, { ...g, userId: ids.bob, groupRoleId: role.id });
  await call('removeGroupMemberRole', alice, { ...g, userId: ids.bob, groupRoleId: role.id });
  await call('deleteGroupRole', alice, { ...g, groupRoleId: role.id });
  const post = await call('addGroupPost', alice, g, {
    title: 'a',
    text: 'b',
    visibility: 'public',
    sendNotification: true,
    imageId: 'file_00000000-0000-4000-8000-0000000000aa',
  });
  await call('getGroupPosts', bob, g);
  await call(
    'updateGroupPost',
    alice,
    { ...g, notificationId: post.id },
    { title: 'a', text: 'c', visibility: 'group', sendNotification: false },
  );
  await call('getGroupAnnouncements', alice, g);
  await call('createGroupAnnouncement', alice, g, { title: 'x', text: 'y' });
  await call('getGroupAnnouncements', alice, g);
  const gal = await call('createGroupGallery', alice, g, { name: 'G' });
  const img = await call(
    'addGroupGalleryImage',
    alice,
    { ...g, groupGalleryId: gal.id },
    { fileId: 'file_00000000-0000-4000-8000-0000000000aa' },
  );
  await call('addGroupGalleryImage', bob, { ...g, groupGalleryId: gal.id }, { fileId: 'file_00000000-0000-4000-8000-0000000000aa' });
  await call('getGroupGalleryImages', alice, { ...g, groupGalleryId: gal.id });
  await call('updateGroupGallery', alice, { ...g, groupGalleryId: gal.id }, { description: 'd' });
  await call('deleteGroupGalleryImage', alice, { ...g, groupGalleryId: gal.id, groupGalleryImageId: img.id });
  await call('getGroupAuditLogs', alice, g);
  await call('getGroupAuditLogEntryTypes', alice, g);
  await call('getGroupInvites', alice, g);
  await call('getGroupRequests', alice, g);
  await call('getCalendarEvents', alice, {}, undefined, '?date=2026-02-01T00:00:00Z');
  await call('getFeaturedCalendarEvents', alice);
  await call('getFollowedCalendarEvents', alice);
  await call('searchCalendarEvents', alice, {}, undefined, '?searchTerm=a');
  await call('discoverCalendarEvents', alice, {}, undefined, '?upcomingOffsetMinutes=100000');
  await call('getGroupNextCalendarEvent', alice, g);
  await call('getGroupCalendarEvent', alice, { ...g, calendarId: events.jamKickoff });
  await call('followGroupCalendarEvent', alice, { ...g, calendarId: events.jamKickoff }, { isFollowing: true });
  await call('createGroupCalendarEvent', alice, g, openMicEvent);
  await call('updateGroupCalendarEvent', alice, { ...g, calendarId: events.jamKickoff }, { title: 'Renamed' });
  expect(made.id).toBeDefined();
  expect(failures).toEqual([]);
});
