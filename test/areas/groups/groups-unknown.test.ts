// How group operations answer a group that does not exist, and a group id of the wrong form: as the live
// service answers them (the community's conformance suite, its `*-not-found` workflows).
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GROUP_OPERATIONS, type GroupOperation } from '../../../src/areas/groups/permission-table.js';
import { expectError, ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';

const unknownGroup = 'grp_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82';
const params: Record<string, string> = {
  groupId: unknownGroup,
  userId: ids.bob,
  groupRoleId: 'grol_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82',
  groupGalleryId: 'ggal_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82',
  groupGalleryImageId: 'ggim_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82',
  notificationId: 'not_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82',
  calendarId: 'cal_3f2a9c14-8d7b-4e05-a6c3-1b9e5d0f7a82',
};
/** A body each write would take, so that only the group is wrong. */
const bodies: Partial<Record<GroupOperation, object>> = {
  createGroupAnnouncement: { title: 'Hello', text: 'World' },
  updateGroupRepresentation: { isRepresenting: false },
  banGroupMember: { userId: ids.bob },
  createGroupInvite: { userId: ids.bob },
  respondGroupJoinRequest: { action: 'accept' },
  updateGroupPost: { title: 'Hello', text: 'World', visibility: 'group', sendNotification: false },
};

const pathOf = (operation: GroupOperation, groupId = unknownGroup) =>
  GROUP_OPERATIONS[operation].path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'groupId' ? groupId : params[name]!));

const withGroup = (Object.keys(GROUP_OPERATIONS) as GroupOperation[]).filter(
  (operation) => GROUP_OPERATIONS[operation].path.includes('{groupId}') && !GROUP_OPERATIONS[operation].path.startsWith('/calendar'),
);
const answerOf = (operation: GroupOperation): string | undefined => (GROUP_OPERATIONS[operation] as { unknownGroup?: string }).unknownGroup;
const refused = withGroup.filter((operation) => answerOf(operation) === 'refused');
const notFound = withGroup.filter((operation) => answerOf(operation) === undefined);

async function call(operation: GroupOperation, groupId = unknownGroup, profile?: 'live') {
  const t = testSandbox();
  if (profile) t.sandbox.settings.profile = profile;
  const cookie = await t.login('alice');
  const { method } = GROUP_OPERATIONS[operation];
  return t.call(method, pathOf(operation, groupId), {
    cookie,
    body: method === 'GET' || method === 'DELETE' ? undefined : (bodies[operation] ?? {}),
  });
}

describe('a group that does not exist', () => {
  it.each(refused)('%s refuses it with 403, as it refuses a requester who holds nothing in a group', async (operation) => {
    const { access } = GROUP_OPERATIONS[operation];
    const stranger = ['member', 'anyone', 'self'].includes(access) ? messages.groupNotMember : messages.groupNoPermission;
    expectError(await call(operation), 403, stranger);
  });

  it('answers 403 for the operations the live service refuses, 404 for the others', () => {
    expect(refused).toEqual(
      expect.arrayContaining(['getGroupBans', 'getGroupRoles', 'leaveGroup', 'getGroupInstances', 'cancelGroupTransfer']),
    );
    expect(notFound).toEqual(expect.arrayContaining(['getGroup', 'blockGroup', 'deleteGroup', 'joinGroup', 'kickGroupMember']));
  });

  it.each(notFound)("%s answers 404 Can't find group!", async (operation) => {
    expectError(await call(operation), 404, messages.groupNotFound);
  });

  it("answers the seed's 404 for updating the group or one of its members", async () => {
    expectError(await call('updateGroup'), 404, 'Calendar Entry not found!');
    expectError(await call('updateGroupMember'), 404, 'Calendar Entry not found!');
  });

  it("answers the live service's 400 and 403 for updating them under --profile live", async () => {
    expectError(await call('updateGroup', unknownGroup, 'live'), 400, messages.groupUpdateNothing);
    expectError(await call('updateGroupMember', unknownGroup, 'live'), 403, "You're not a member.");
  });

  it('checks an announcement before the group: a request without text is a 400 even for no group', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('POST', `/groups/${unknownGroup}/announcement`, { cookie, body: { title: 'conformance' } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^text /);
  });

  it('refuses an announcement without text in an existing group, which keeps none', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice'); // owns Builders
    const r = await t.call('POST', `/groups/${groups.builders}/announcement`, { cookie, body: { title: 'conformance' } });
    expect(r.status).toBe(400);
    expect((await t.call('GET', `/groups/${groups.builders}/announcement`, { cookie })).body.title).toBeNull();
  });
});

describe('a group id of the wrong form', () => {
  it('is refused with 400 naming it, before anything is looked up: /groups/undefined/members', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/groups/undefined/members', { cookie }), 400, "groupId must be an ID: 'undefined'");
  });

  it.each(withGroup)('%s refuses it with 400', async (operation) => {
    expectError(await call(operation, 'grp_nope'), 400, "groupId must be an ID: 'grp_nope'");
  });

  it.each(['/calendar/undefined', '/calendar/undefined/next', `/calendar/undefined/${params.calendarId}`])(
    'GET %s refuses it with 400 as well',
    async (path) => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      expectError(await t.call('GET', path, { cookie }), 400, "groupId must be an ID: 'undefined'");
    },
  );

  it('answers the live characters under --profile live', async () => {
    const t = testSandbox();
    t.sandbox.settings.profile = 'live';
    const cookie = await t.login('alice');
    expectError(await t.call('GET', '/groups/undefined/members', { cookie }), 400, "groupId must be an ID˸ 'undefined'");
  });
});
