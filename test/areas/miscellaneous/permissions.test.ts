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

describe('permissions, the admins tools', () => {
  it('lists every permission of the world to an admin', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/permissions', { cookie: await t.login('admin') });
    expect(r.status).toBe(200);
    expect(r.body.map((p: { id: string }) => p.id)).toEqual([invitePhotos, 'prms_a11ce000-0000-4000-8000-0000000ec002', userIcons]);
  });

  it('refuses the list and every change to a user who is no admin with 403', async () => {
    const t = testSandbox();
    const alice = await t.login('alice');
    expectError(await t.call('GET', '/permissions', { cookie: alice }), 403, 'Invalid Admin Credentials');
    expectError(await t.call('POST', '/permissions', { cookie: alice, body: { name: 'permission-x' } }), 403, 'Invalid Admin Credentials');
    expectError(
      await t.call('PUT', `/permissions/${invitePhotos}`, { cookie: alice, body: { name: 'x' } }),
      403,
      'Invalid Admin Credentials',
    );
    expectError(await t.call('DELETE', `/permissions/${invitePhotos}`, { cookie: alice }), 403, 'Invalid Admin Credentials');
    expect((await t.call('GET', `/permissions/${invitePhotos}`, { cookie: alice })).body.name).toBe('permission-invite-photos');
  });

  it('creates a permission owned by the sender, or by the ownerId given, which then holds it', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    const own = await t.call('POST', '/permissions', { cookie: admin, body: { name: 'permission-own' } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'permission-own', ownerId: ids.admin, ownerDisplayName: 'Admin' });
    expect(own.body.id).toMatch(/^prms_/);
    const bobs = await t.call('POST', '/permissions', { cookie: admin, body: { name: 'permission-bob', ownerId: ids.bob } });
    expect(bobs.body.ownerId).toBe(ids.bob);
    const held = (await t.call('GET', '/auth/permissions', { cookie: await t.login('bob') })).body;
    expect(held.map((p: { name: string }) => p.name)).toContain('permission-bob');
  });

  it('refuses a permission without a name with 400 naming it', async () => {
    const t = testSandbox();
    const r = await t.call('POST', '/permissions', { cookie: await t.login('admin'), body: {} });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^name /);
  });

  it('renames a permission, and the next read shows the new name', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    const r = await t.call('PUT', `/permissions/${invitePhotos}`, { cookie: admin, body: { name: 'permission-invite-prints' } });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('permission-invite-prints');
    expect((await t.call('GET', `/permissions/${invitePhotos}`, { cookie: admin })).body.name).toBe('permission-invite-prints');
  });

  it('deletes a permission, answering it as it was; its holder holds it no more', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    const r = await t.call('DELETE', `/permissions/${invitePhotos}`, { cookie: admin });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('permission-invite-photos');
    expectError(await t.call('GET', `/permissions/${invitePhotos}`, { cookie: admin }), 404, `Permission ${invitePhotos} not found`);
    const held = (await t.call('GET', '/auth/permissions', { cookie: await t.login('alice') })).body;
    expect(held.map((p: { id: string }) => p.id)).not.toContain(invitePhotos);
  });

  it('answers 404 to an admin changing an unknown permission', async () => {
    const t = testSandbox();
    const unknown = 'prms_00000000-0000-4000-8000-000000000000';
    expectError(
      await t.call('DELETE', `/permissions/${unknown}`, { cookie: await t.login('admin') }),
      404,
      `Permission ${unknown} not found`,
    );
  });
});
