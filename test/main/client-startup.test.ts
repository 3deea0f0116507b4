import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { cookieFrom, ids, testSandbox, type Reply } from '../support/helpers.js';

/**
 * Asserts a 200. `call()` has already checked the body against the public response schema of the
 * operation it reached (test/support/contract-check.ts); `schemaRef` names that schema for the reader.
 */
function expectValid(reply: Reply, schemaRef: string) {
  expect(reply.status, schemaRef).toBe(200);
  expect(reply.headers.get('x-mock-answer')).not.toBeNull();
}

function expectValidArray(reply: Reply, schemaRef: string) {
  expect(reply.status).toBe(200);
  expect(Array.isArray(reply.body)).toBe(true);
  for (const item of reply.body) expectValid({ ...reply, body: item }, schemaRef);
}

describe("a desktop companion's start-up against the default world", () => {
  it('reads the config, logs in, reads itself, pages friends online then offline, reads each friend, the token and notifications', async () => {
    const t = testSandbox();
    expectValid(await t.call('GET', '/config'), 'APIConfig');
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('alice', 'alice-password') } });
    expectValid(login, 'CurrentUser');
    const cookie = cookieFrom(login.headers, 'auth');
    expectValid(await t.call('GET', '/auth/user', { cookie }), 'CurrentUser');
    const friendIds: string[] = [];
    for (const offline of [false, true]) {
      for (let offset = 0; ; offset += 50) {
        const page = await t.call('GET', `/auth/user/friends?offline=${offline}&n=50&offset=${offset}`, { cookie });
        expectValidArray(page, 'LimitedUserFriend');
        friendIds.push(...page.body.map((f: { id: string }) => f.id));
        if (page.body.length < 50) break;
      }
    }
    expect(friendIds.sort()).toEqual([ids.bob, ids.admin, ids.dana, ids.frank].sort());
    for (const id of friendIds) expectValid(await t.call('GET', `/users/${id}`, { cookie }), 'User');
    expectValid(await t.call('GET', `/users/${ids.eve}`, { cookie }), 'User');
    expectValid(await t.call('GET', '/auth', { cookie }), 'VerifyAuthTokenResult');
    expectValidArray(await t.call('GET', '/auth/user/notifications?n=100', { cookie }), 'Notification');
    expectValidArray(await t.call('GET', '/notifications', { cookie }), 'NotificationV2');
    expectValid(await t.call('GET', `/user/${ids.bob}/friendStatus`, { cookie }), 'FriendStatus');
    expectValidArray(await t.call('GET', '/users?search=a', { cookie }), 'LimitedUserSearch');
    expectValidArray(await t.call('GET', '/auth/user/playermoderations', { cookie }), 'PlayerModeration');
    expectValidArray(await t.call('GET', `/users/${ids.bob}/groups`, { cookie }), 'LimitedUserGroups');
    expectValidArray(await t.call('GET', `/users/${ids.bob}/mutuals/groups`, { cookie }), 'LimitedUserGroups');
    expectValidArray(await t.call('GET', `/users/${ids.bob}/mutuals/friends`, { cookie }), 'MutualFriend');
    expectValid(await t.call('GET', `/users/${ids.bob}/mutuals`, { cookie }), 'Mutuals');
    expectValid(await t.call('GET', `/users/${ids.alice}/groups/permissions`, { cookie }), 'UserAllGroupPermissions');
    expectValid(await t.call('GET', `/profile/${ids.bob}`, { cookie }), 'PublicProfile');
    expectValid(await t.call('GET', `/profile/${ids.bob}/private`, { cookie }), 'PrivateProfile');
  });

  it('answers the social writes in the shapes the OpenAPI gives', async () => {
    const t = testSandbox();
    const bob = await t.login('bob');
    const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';
    expectValid(await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob }), 'Notification');
    expectValid(
      await t.call('POST', `/invite/${ids.alice}`, { cookie: bob, body: { instanceId: workshop, messageSlot: 1 } }),
      'SentNotification',
    );
    expectValid(await t.call('POST', `/requestInvite/${ids.alice}`, { cookie: bob, body: { requestSlot: 1 } }), 'Notification');
    expectValid(await t.call('POST', `/invite/myself/to/${workshop}`, { cookie: bob }), 'SentNotification');
    expectValid(await t.call('PUT', `/users/${ids.bob}`, { cookie: bob, body: { status: 'busy' } }), 'CurrentUser');
    expectValid(
      await t.call('POST', '/auth/user/playermoderations', { cookie: bob, body: { moderated: ids.eve, type: 'mute' } }),
      'PlayerModeration',
    );
    expectValid(
      await t.call('POST', '/auth/user/avatarmoderations', {
        cookie: bob,
        body: { targetAvatarId: 'avtr_a11ce000-0000-4000-8000-00000000a001', avatarModerationType: 'block' },
      }),
      'AvatarModerationCreated',
    );
    expectValidArray(await t.call('GET', '/auth/user/avatarmoderations', { cookie: bob }), 'AvatarModeration');
    expectValid(await t.call('POST', '/userNotes', { cookie: bob, body: { targetUserId: ids.eve, note: 'hi' } }), 'UserNote');
    expectValid(await t.call('GET', '/auth/exists?username=bob'), 'UserExists');
    expectValid(await t.call('GET', '/moderationReports', { cookie: bob }), 'PaginatedModerationReportList');
  });
});
