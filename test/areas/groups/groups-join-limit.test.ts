import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { GROUP_LIMITS } from '../../../src/areas/groups/lifecycle.js';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { totp } from '../../../src/areas/authentication/totp.js';
import { cookieFrom, expectError, ids, passwords, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';

const max = GROUP_LIMITS.joined;
/** Groups alice belongs to in the default world: Builders Guild and Night Owls. */
const aliceBelongsTo = 2;

/** The default world with alice a member of `count` groups in all, the extra ones copies of Quiet Corner. */
function aliceInGroups(count: number): TestSandbox {
  return testSandbox((data) => {
    const template = data.groups.find((group) => group.id === groups.quietCorner)!;
    for (let i = 0; i < count - aliceBelongsTo; i++) {
      const n = (i + 1).toString(16).padStart(12, '0');
      const id = `grp_eeeeeeee-0000-4000-8000-${n}`;
      const copy = structuredClone(template);
      copy.id = id;
      copy.shortCode = `EXTRA${i}`;
      copy.roles = copy.roles.map((role, r) => ({ ...role, id: `grol_eeeeeee${r}-0000-4000-8000-${n}`, groupId: id }));
      data.groups.push(copy);
      data.groupMembers.push({
        ...structuredClone(data.groupMembers[0]!),
        id: `gmem_eeeeeeee-0000-4000-8000-${n}`,
        groupId: id,
        userId: ids.alice,
        membershipStatus: 'member',
        roleIds: [],
      });
    }
  });
}

/** The ids of the groups alice belongs to, as she lists them. */
async function aliceGroups(t: TestSandbox): Promise<string[]> {
  const r = await t.call('GET', `/users/${ids.alice}/groups`, { cookie: await t.login('alice') });
  expect(r.status).toBe(200);
  return (r.body as { groupId: string }[]).map((g) => g.groupId);
}

const secret = 'JBSWY3DPEHPK3PXP';

/** Carol (who owns Speedrunners and uses an authenticator) logged in with her second factor. */
async function carol(t: TestSandbox): Promise<string> {
  const reply = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic('carol', passwords.carol!) } });
  const cookie = cookieFrom(reply.headers, 'auth');
  expect((await t.call('POST', '/auth/twofactorauth/totp/verify', { cookie, body: { code: totp(secret, t.clock.now()) } })).status).toBe(
    200,
  );
  return cookie;
}

/** The user ids a group's manager sees waiting in its `invites` or `requests` list. */
async function waiting(t: TestSandbox, cookie: string, groupId: string, list: 'invites' | 'requests'): Promise<string[]> {
  const r = await t.call('GET', `/groups/${groupId}/${list}`, { cookie });
  expect(r.status).toBe(200);
  return (r.body as { userId: string }[]).map((m) => m.userId);
}

describe(`the limit of ${max} groups a user belongs to, on every way in`, () => {
  it(`refuses joining an open group as group ${max + 1}, and alice stays outside it`, async () => {
    const t = aliceInGroups(max);
    expectError(
      await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie: await t.login('alice') }),
      403,
      messages.groupJoinLimit(max),
    );
    const mine = await aliceGroups(t);
    expect(mine).toHaveLength(max);
    expect(mine).not.toContain(groups.quietCorner);
  });

  it(`admits alice to an open group as group ${max}`, async () => {
    const t = aliceInGroups(max - 1);
    expect((await t.call('POST', `/groups/${groups.quietCorner}/join`, { cookie: await t.login('alice') })).status).toBe(200);
    const mine = await aliceGroups(t);
    expect(mine).toHaveLength(max);
    expect(mine).toContain(groups.quietCorner);
  });

  it(`refuses taking up a pending invite as group ${max + 1}, and the invite stays pending`, async () => {
    const t = aliceInGroups(max);
    expectError(
      await t.call('POST', `/groups/${groups.photoClub}/join`, { cookie: await t.login('alice') }),
      403,
      messages.groupJoinLimit(max),
    );
    expect(await aliceGroups(t)).not.toContain(groups.photoClub);
    expect(await waiting(t, await t.login('admin'), groups.photoClub, 'invites')).toContain(ids.alice);
  });

  it(`takes up a pending invite as group ${max}`, async () => {
    const t = aliceInGroups(max - 1);
    expect((await t.call('POST', `/groups/${groups.photoClub}/join`, { cookie: await t.login('alice') })).status).toBe(200);
    expect(await aliceGroups(t)).toContain(groups.photoClub);
  });

  it(`refuses the owner accepting a join request as group ${max + 1}, and the request stays`, async () => {
    const t = aliceInGroups(max);
    const owner = await carol(t);
    const r = await t.call('PUT', `/groups/${groups.speedrunners}/requests/${ids.alice}`, { cookie: owner, body: { action: 'accept' } });
    expectError(r, 403, messages.groupJoinLimit(max));
    expect(await aliceGroups(t)).not.toContain(groups.speedrunners);
    expect(await waiting(t, owner, groups.speedrunners, 'requests')).toContain(ids.alice);
  });

  it(`lets the owner accept a join request as group ${max}`, async () => {
    const t = aliceInGroups(max - 1);
    const owner = await carol(t);
    const r = await t.call('PUT', `/groups/${groups.speedrunners}/requests/${ids.alice}`, { cookie: owner, body: { action: 'accept' } });
    expect(r.status).toBe(200);
    expect(await aliceGroups(t)).toContain(groups.speedrunners);
  });

  it(`refuses inviting a requester, which admits them, as group ${max + 1}`, async () => {
    const t = aliceInGroups(max);
    const owner = await carol(t);
    const r = await t.call('POST', `/groups/${groups.speedrunners}/invites`, { cookie: owner, body: { userId: ids.alice } });
    expectError(r, 403, messages.groupJoinLimit(max));
    expect(await aliceGroups(t)).not.toContain(groups.speedrunners);
  });
});
