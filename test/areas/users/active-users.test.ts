import { describe, expect, it } from 'vitest';
import { expectError, testSandbox } from '../../support/helpers.js';

describe('GET /users/active', () => {
  it('finds, for an admin, the users who are not offline by display name', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    const all = (await t.call('GET', '/users/active?search=', { cookie: admin })).body as { id: string }[];
    const offline = [...t.sandbox.users.values()].filter((u) => u.state === 'offline').map((u) => u.id);
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((u) => u.id).filter((id) => offline.includes(id))).toEqual([]);
    const first = t.sandbox.users.get(all[0]!.id)!;
    const found = await t.call('GET', `/users/active?search=${encodeURIComponent(first.displayName.toUpperCase())}`, { cookie: admin });
    expect(found.status).toBe(200);
    expect(found.body.map((u: { id: string }) => u.id)).toContain(first.id);
  });

  it('shows one who goes offline no more', async () => {
    const t = testSandbox();
    const admin = await t.login('admin');
    const [first] = (await t.call('GET', '/users/active?search=', { cookie: admin })).body as { id: string }[];
    t.sandbox.users.get(first!.id)!.state = 'offline';
    const again = (await t.call('GET', '/users/active?search=', { cookie: admin })).body as { id: string }[];
    expect(again.map((u) => u.id)).not.toContain(first!.id);
  });

  it('answers a user who is no admin 404, as the live service does', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/users/active?search=alice', { cookie: await t.login('alice') }), 404, 'Not found');
  });

  it('needs the search for an admin (400 naming it)', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/users/active', { cookie: await t.login('admin') });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^search /);
  });
});
