import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../src/auth/basic.js';
import { cookieFrom, ids, testWorld, type Reply } from './helpers.js';

/**
 * OpenAPI 3.0 in JSON Schema's words: `nullable` as a null alternative, and `oneOf` read as `anyOf`
 * (the description's notification details are a oneOf whose NotificationDetailEmpty matches every
 * object, so no answer could pass it as written).
 */
function jsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key === 'oneOf' ? 'anyOf' : key] = jsonSchema(inner);
  if (!out.nullable) return out;
  delete out.nullable;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

const spec = jsonSchema(parse(readFileSync(new URL('../../../shared/spec/openapi/vrchat-openapi.yaml', import.meta.url), 'utf8'))) as {
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
};
// The API description (which wins) sends every presence field as a string, currentAvatarTags included.
spec.components.schemas.CurrentUserPresence!.properties.currentAvatarTags = { anyOf: [{ type: 'string' }, { type: 'array' }] };
const ajv = new Ajv({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);
ajv.addSchema(spec, 'openapi');

/** Asserts a 200 whose body the public OpenAPI's schema for that operation accepts. */
function expectValid(reply: Reply, schemaRef: string) {
  expect(reply.status).toBe(200);
  const validate = ajv.getSchema(`openapi#/components/schemas/${schemaRef}`)!;
  const valid = validate(reply.body);
  expect(valid, JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
}

function expectValidArray(reply: Reply, schemaRef: string) {
  expect(reply.status).toBe(200);
  expect(Array.isArray(reply.body)).toBe(true);
  for (const item of reply.body) expectValid({ ...reply, body: item }, schemaRef);
}

describe("a desktop companion's start-up against the default world", () => {
  it('reads the config, logs in, reads itself, pages friends online then offline, reads each friend, the token and notifications', async () => {
    const t = testWorld();
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
    const t = testWorld();
    const bob = await t.login('bob');
    const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';
    expectValid(await t.call('POST', `/user/${ids.admin}/friendRequest`, { cookie: bob }), 'Notification');
    expectValid(await t.call('POST', `/invite/${ids.alice}`, { cookie: bob, body: { instanceId: workshop, messageSlot: 1 } }), 'SentNotification');
    expectValid(await t.call('POST', `/requestInvite/${ids.alice}`, { cookie: bob, body: { requestSlot: 1 } }), 'Notification');
    expectValid(await t.call('POST', `/invite/myself/to/${workshop}`, { cookie: bob }), 'SentNotification');
    expectValid(await t.call('PUT', `/users/${ids.bob}`, { cookie: bob, body: { status: 'busy' } }), 'CurrentUser');
    expectValid(await t.call('POST', '/auth/user/playermoderations', { cookie: bob, body: { moderated: ids.eve, type: 'mute' } }), 'PlayerModeration');
    expectValid(await t.call('POST', '/auth/user/avatarmoderations', { cookie: bob, body: { targetAvatarId: 'avtr_a11ce000-0000-4000-8000-00000000a001', avatarModerationType: 'block' } }), 'AvatarModerationCreated');
    expectValidArray(await t.call('GET', '/auth/user/avatarmoderations', { cookie: bob }), 'AvatarModeration');
    expectValid(await t.call('POST', '/userNotes', { cookie: bob, body: { targetUserId: ids.eve, note: 'hi' } }), 'UserNote');
    expectValid(await t.call('GET', '/auth/exists?username=bob'), 'UserExists');
    expectValid(await t.call('GET', '/moderationReports', { cookie: bob }), 'PaginatedModerationReportList');
  });
});
