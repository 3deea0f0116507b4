import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { defaultFixturesDir, readFixtureDir } from '../../src/store/fixtures/fixture-dir.js';
import { FixtureError, parseFixtures } from '../../src/store/fixtures/fixtures.js';
import { addGeneratedData, GENERATED_PASSWORD } from '../../src/store/generators/generate.js';
import { createApp, sandboxDeps } from '../../src/main/app.js';
import { manualClock } from '../../src/store/clock.js';
import { SandboxSource } from '../../src/store/sandbox-source.js';
import { cookieFrom, testSandbox } from '../support/helpers.js';

describe('generated data', () => {
  it('is identical for identical seeds and differs for another seed', () => {
    const a = readFixtureDir(defaultFixturesDir);
    const b = readFixtureDir(defaultFixturesDir);
    const c = readFixtureDir(defaultFixturesDir);
    addGeneratedData(a, 7, { users: 20 });
    addGeneratedData(b, 7, { users: 20 });
    addGeneratedData(c, 8, { users: 20 });
    expect(a).toEqual(b);
    expect(a.users.map((u) => u.id)).not.toEqual(c.users.map((u) => u.id));
  });

  it('gives generated users a password they can log in with', async () => {
    let username = '';
    const t = testSandbox((data) => {
      addGeneratedData(data, 3, { users: 5 });
      username = data.users.at(-1)!.username;
    });
    const reply = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic(username, GENERATED_PASSWORD) } });
    expect(reply.status).toBe(200);
    expect(reply.body.username).toBe(username);
  });

  it("keeps each generated user's changes to itself in a world built as the server builds it", async () => {
    const source = SandboxSource.inMemory(readFixtureDir(defaultFixturesDir), (fresh) => addGeneratedData(fresh, 3, { users: 2 }));
    const deps = sandboxDeps(source, () => manualClock('2026-01-15T12:00:00.000Z'));
    const app = createApp(deps);
    const [first, second] = [...deps.sandboxes.default.users.values()].slice(-2);
    const login = await app.request('/api/1/auth/user', { headers: { authorization: encodeBasic(first!.username, GENERATED_PASSWORD) } });
    const cookie = cookieFrom(login.headers, 'auth');
    const cleared = await app.request(`/api/1/users/${first!.id}/tutorial`, { method: 'DELETE', headers: { cookie, 'x-platform': 'ios' } });
    expect(cleared.status).toBe(200);
    expect(first!.tutorialClears).toHaveLength(1);
    expect(second!.tutorialClears).toHaveLength(0);
  });
});

describe('fixtures', () => {
  it('fill every field a record leaves out with its default', () => {
    const data = parseFixtures({
      users: [{ id: 'usr_00000000-0000-4000-8000-000000000009', username: 'zed', displayName: 'Zed', password: 'p', email: 'z@x.test' }],
    });
    expect(data.users[0]).toMatchObject({ completedTutorials: [], status: 'active', isAdmin: false });
  });

  it('name the file and field of an invalid record', () => {
    expect(() => parseFixtures({ users: [{ id: 'usr_00000000-0000-4000-8000-000000000009', username: 5 }] })).toThrow(
      new FixtureError('users.json', '[0].username', 'Invalid input: expected string, received number'),
    );
  });

  it('refuse a duplicate id', () => {
    const user = { id: 'usr_00000000-0000-4000-8000-000000000009', username: 'zed', displayName: 'Zed', password: 'p', email: 'z@x.test' };
    expect(() => parseFixtures({ users: [user, { ...user, username: 'zed2' }] })).toThrow(/users.json: \[1\].id: duplicate id/);
  });

  it('refuse an email that another user already logs in with', () => {
    const zed = { id: 'usr_00000000-0000-4000-8000-000000000009', username: 'zed', displayName: 'Zed', password: 'p', email: 'z@x.test' };
    const amy = { ...zed, id: 'usr_00000000-0000-4000-8000-000000000010', username: 'amy', email: 'Z@X.test' };
    expect(() => parseFixtures({ users: [zed, amy] })).toThrow(new FixtureError('users.json', '[1].email', 'duplicate email Z@X.test'));
    expect(() => parseFixtures({ users: [zed, { ...amy, username: 'z@x.test', email: '' }] })).toThrow(
      /\[1\].username: duplicate username/,
    );
  });

  it('refuse a TOTP secret that is not base32, instead of failing at the first verify', () => {
    const user = { id: 'usr_00000000-0000-4000-8000-000000000009', username: 'zed', displayName: 'Zed', password: 'p', email: 'z@x.test' };
    expect(() => parseFixtures({ users: [{ ...user, totpSecret: 'not base32!' }] })).toThrow(
      new FixtureError('users.json', '[0].totpSecret', 'must be a base32 secret (A-Z, 2-7)'),
    );
  });
});
