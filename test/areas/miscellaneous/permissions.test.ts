import { describe, expect, it } from 'vitest';
import { expectError, ids, testSandbox } from '../../support/helpers.js';

const invitePhotos = 'prms_a11ce000-0000-4000-8000-0000000ec001';
const userIcons = 'prms_b0b00000-0000-4000-8000-0000000ec003';

describe('permissions', () => {
  it("lists the requester's permissions, each named with the account that grants it", async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/auth/permissions', { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(r.body.map((p: { name: string }) => p.name)).toEqual(['permission-invite-photos', 'permission-extra-favorites-avatar-groups']);
    expect(r.body[1]).toEqual({
      id: 'prms_a11ce000-0000-4000-8000-0000000ec002',
      name: 'permission-extra-favorites-avatar-groups',
      ownerId: ids.admin,
      ownerDisplayName: 'Admin',
      data: { maxFavoriteGroups: { avatar: 4 }, maxFavoritesPerGroup: { avatar: 25 } },
    });
    expect((await t.call('GET', '/auth/permissions', { cookie: await t.login('frank') })).body).toEqual([]);
  });

  it('reads one permission the requester holds, the same as in the list', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const listed = (await t.call('GET', '/auth/permissions', { cookie: alice })).body[0];
    const one = await t.call('GET', `/permissions/${invitePhotos}`, { cookie: alice });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(listed);
  });

  it("answers 404 for another user's permission and for an unknown one", async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', `/permissions/${userIcons}`, { cookie: alice }), 404, `Permission ${userIcons} not found`);
    expectError(
      await t.call('GET', '/permissions/prms_00000000-0000-4000-8000-000000000000', { cookie: alice }),
      404,
      'Permission prms_00000000-0000-4000-8000-000000000000 not found',
    );
  });
});
