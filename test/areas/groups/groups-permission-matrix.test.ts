import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GROUP_PERMISSIONS, GroupMemberRecordSchema, GroupRoleSchema, type GroupPermission } from '../../../src/store/records/groups.js';
import { GROUP_OPERATIONS, permissionOperations, type GroupOperation } from '../../../src/areas/groups/permission-table.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { ids, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { openMicEvent } from '../../support/calendar-seed.js';

type PermissionOperation = {
  [K in GroupOperation]: (typeof GROUP_OPERATIONS)[K]['access'] extends `group-${string}` ? K : never;
}[GroupOperation];

const group = groups.photoClub; // admin owns it
const matrixRole = 'grol_00000003-0000-4000-8000-0000000000a1';
const helpersRole = 'grol_00000003-0000-4000-8000-0000000000a2';
const gallery = 'ggal_00000003-0000-4000-8000-000000000001';
const post = { title: 'Hello', text: 'World', visibility: 'group', sendNotification: false };

/**
 * Photo Club with bob (the actor) holding only the matrix role, a Helpers role below it, carol a
 * plain member to act on, alice invited, and a default role that grants nothing.
 */
function matrixSandbox(permissions: GroupPermission[]): TestSandbox {
  return testSandbox((data: SandboxData) => {
    const club = data.groups.find((g) => g.id === group)!;
    for (const role of club.roles) if (role.defaultRole) Object.assign(role, { permissions: [], order: 3 });
    club.roles.push(
      GroupRoleSchema.parse({ id: matrixRole, groupId: group, name: 'Matrix', order: 1, permissions }),
      GroupRoleSchema.parse({ id: helpersRole, groupId: group, name: 'Helpers', order: 2 }),
    );
    data.groupMembers.find((m) => m.groupId === group && m.userId === ids.bob)!.roleIds = [matrixRole];
    data.groupMembers.push(
      GroupMemberRecordSchema.parse({ id: 'gmem_00000003-0000-4000-8000-0000000000c1', groupId: group, userId: ids.carol }),
    );
  });
}

interface Case {
  params?: Record<string, string>;
  body?: unknown;
  /** Puts in place what the operation acts on; `owner` is the group owner's cookie. */
  setup?: (t: TestSandbox, owner: string) => Promise<Record<string, string> | void>;
  /** The 403 message when it is not the group's "You don't have permission.". */
  refusal?: string;
}

const member = (t: TestSandbox, userId: string) => t.sandbox.groupMembersByGroup.get(group)!.get(userId)!;

const ownerPost = async (t: TestSandbox, owner: string) => ({
  notificationId: (await t.call('POST', `/groups/${group}/posts`, { cookie: owner, body: post })).body.id as string,
});

const cases: Record<PermissionOperation, Case> = {
  updateGroup: { body: { description: 'Changed.' } },
  getGroupInvites: {},
  createGroupInvite: {
    body: { userId: ids.alice },
    setup: async (t) => void t.sandbox.groupMembersByGroup.get(group)!.delete(ids.alice),
  },
  deleteGroupInvite: { params: { userId: ids.alice } },
  getGroupRequests: {},
  respondGroupJoinRequest: {
    params: { userId: ids.alice },
    body: { action: 'accept' },
    setup: async (t) => void (member(t, ids.alice).membershipStatus = 'requested'),
  },
  getGroupBans: {},
  banGroupMember: { body: { userId: ids.carol } },
  unbanGroupMember: { params: { userId: ids.carol }, setup: async (t) => void (member(t, ids.carol).membershipStatus = 'banned') },
  kickGroupMember: { params: { userId: ids.carol } },
  addGroupMemberRole: { params: { userId: ids.carol, groupRoleId: helpersRole } },
  removeGroupMemberRole: {
    params: { userId: ids.carol, groupRoleId: helpersRole },
    setup: async (t) => void (member(t, ids.carol).roleIds = [helpersRole]),
  },
  createGroupRole: { body: { name: 'Newcomers' } },
  updateGroupRole: { params: { groupRoleId: helpersRole }, body: { name: 'Assistants' } },
  deleteGroupRole: { params: { groupRoleId: helpersRole } },
  addGroupPost: { body: post },
  updateGroupPost: { body: { ...post, title: 'Edited' }, setup: ownerPost },
  deleteGroupPost: { setup: ownerPost },
  createGroupAnnouncement: { body: { title: 'News', text: 'Read me.' } },
  deleteGroupAnnouncement: {},
  createGroupGallery: { body: { name: 'Portraits' } },
  updateGroupGallery: { params: { groupGalleryId: gallery }, body: { description: 'Changed.' } },
  deleteGroupGallery: { params: { groupGalleryId: gallery } },
  getGroupAuditLogEntryTypes: {},
  getGroupAuditLogs: {},
  createGroupCalendarEvent: { body: openMicEvent, refusal: messages.calendarCreateForbidden },
  updateGroupCalendarEvent: {
    body: { title: 'Open Mic, moved' },
    setup: async (t, owner) => ({
      calendarId: (await t.call('POST', `/calendar/${group}/event`, { cookie: owner, body: openMicEvent })).body.id as string,
    }),
  },
  deleteGroupCalendarEvent: {
    setup: async (t, owner) => ({
      calendarId: (await t.call('POST', `/calendar/${group}/event`, { cookie: owner, body: openMicEvent })).body.id as string,
    }),
  },
};

async function run(operation: PermissionOperation, permissions: GroupPermission[]) {
  const t = matrixSandbox(permissions);
  const { method, path } = GROUP_OPERATIONS[operation];
  const spec = cases[operation];
  const owner = await t.login('admin');
  const params = { groupId: group, ...spec.params, ...((await spec.setup?.(t, owner)) ?? {}) };
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name as keyof typeof params];
    if (value === undefined) throw new Error(`no value for {${name}} of ${operation}`);
    return value;
  });
  return t.call(method, url, { cookie: await t.login('bob'), body: spec.body });
}

describe('the group permission table', () => {
  it('names a case here for every operation that needs a permission', () => {
    expect(permissionOperations().sort()).toEqual(Object.keys(cases).sort());
  });

  for (const operation of permissionOperations() as PermissionOperation[]) {
    const needed = GROUP_OPERATIONS[operation].access as GroupPermission;
    describe(`${operation} needs ${needed}`, () => {
      it('succeeds for a member holding exactly that permission', async () => {
        const r = await run(operation, [needed]);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      });

      it('answers 403 to a member holding every other permission', async () => {
        const others = GROUP_PERMISSIONS.filter((p) => p !== '*' && p !== needed);
        const r = await run(operation, others);
        expect(r.status, JSON.stringify(r.body)).toBe(403);
        expect(r.body.error.message).toBe(cases[operation].refusal ?? messages.groupNoPermission);
      });
    });
  }
});
