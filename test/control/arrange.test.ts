import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrange, ControlError, startServer, type MockServer } from '../../src/main/index.js';
import { testSandbox } from '../support/helpers.js';
import { control } from '../support/control-call.js';
import { collectionNames } from '../../src/store/fixtures/fixtures.js';
import { refusal } from '../support/control-helpers.js';

const ALICE = 'usr_a11ce000-0000-4000-8000-000000000001';
const DEFAULT_GROUP = 'grp_00000001-0000-4000-8000-000000000000';
const MISSING = 'usr_00000000-0000-4000-8000-0000000000ff';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const messageOf = (error: ControlError) => (error.body as { error: { message: string } }).error.message;

describe('worlds.create({ fixtures })', () => {
  it('answers the API with the inline records, merged over the default ones', async () => {
    const carol = arrange.user({ username: 'carol2', displayName: 'Carol Two' });
    const world = await server.worlds.create({ fixtures: { users: [carol] } });
    const session = await world.login('carol2', 'carol2-password');
    expect(session.user).toMatchObject({ id: carol.id, displayName: 'Carol Two' });
    const alice = await world.login('alice', 'alice-password');
    expect(((await (await alice.fetch(`/users/${carol.id}`)).json()) as { displayName: string }).displayName).toBe('Carol Two');
    await world.delete();
  });

  it('puts a record with the id of a default one in its place, and replace: true drops the others', async () => {
    const renamed = { id: ALICE, username: 'alice', displayName: 'Alice Arranged', password: 'new-password', email: 'alice@example.test' };
    const merged = await server.worlds.create({ fixtures: { users: [renamed] } });
    expect((await merged.login('alice', 'new-password')).user.displayName).toBe('Alice Arranged');
    const bob = await merged.login('bob', 'bob-password');
    expect(bob.user.username).toBe('bob');

    const only = arrange.user({ username: 'solo' });
    const replaced = await server.worlds.create({
      // Every collection emptied but the one user: nothing left refers to a default user.
      fixtures: { ...Object.fromEntries(collectionNames.map((name) => [name, []])), users: [only] },
      replace: true,
    });
    await replaced.login('solo', 'solo-password');
    const refused = await replaced.fetch('/auth/user', { headers: { authorization: `Basic ${btoa('bob:bob-password')}` } });
    expect(refused.status).toBe(401);
    await Promise.all([merged.delete(), replaced.delete()]);
  });

  it("base: 'empty' starts from no records at all: users, a group and its members are the whole world", async () => {
    const owner = arrange.user({ username: 'owner1' });
    const member = arrange.user({ username: 'member1' });
    const { group, members } = arrange.group({ owner, members: [member] });
    const world = await server.worlds.create({
      base: 'empty',
      fixtures: { users: [owner, member], groups: [group], groupMembers: members },
    });
    const session = await world.login('member1', 'member1-password');
    const read = await session.fetch(`/groups/${group.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { memberCount: number }).memberCount).toBe(2);
    const alice = await world.fetch('/auth/user', { headers: { authorization: `Basic ${btoa('alice:alice-password')}` } });
    expect(alice.status).toBe(401);
    expect((await session.fetch(`/groups/${DEFAULT_GROUP}`)).status).toBe(404);
    await world.delete();
  });

  it("POST /_mock/worlds with base: 'empty' and no fixtures makes a world with no users", async () => {
    const t = testSandbox();
    const made = await control(t, 'POST', '/worlds', { base: 'empty' });
    expect(made.status).toBe(200);
    const { id } = made.body as { id: string };
    const login = await t.app.request('/api/1/auth/user', {
      headers: { authorization: `Basic ${btoa('alice:alice-password')}`, 'x-mock-world': id },
    });
    expect(login.status).toBe(401);
  });

  it('starts the world at the given clock', async () => {
    const world = await server.worlds.create({ clock: '2030-02-03T04:05:06.000Z' });
    // The server's clock runs on from there with wall time.
    const at = (await world.clock.get()).getTime() - Date.parse('2030-02-03T04:05:06.000Z');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(5_000);
    await world.delete();
  });

  it('refuses a bad record with a 400 naming every problem by its JSON path, and creates no world', async () => {
    const t = testSandbox();
    const reply = await control(t, 'POST', '/worlds', {
      fixtures: {
        users: [arrange.user({ username: 'ok' }), { id: 'not-an-id', username: 'x', displayName: 'X', password: '', email: '' }],
        userz: [],
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.status_code).toBe(400);
    const problems = reply.body.error.message.split('; ');
    expect(problems).toEqual([
      expect.stringMatching(/^fixtures\.users\[1\]\.id: /),
      expect.stringMatching(/^fixtures\.users\[1\]\.password: /),
      expect.stringMatching(/^fixtures\.userz: is not a collection: the names are users, groups, /),
    ]);
    expect(t.deps.sandboxes.count).toBe(0);
  });

  it('refuses duplicate ids, then (once every record parses) records naming ones that are not there', async () => {
    const t = testSandbox();
    const owner = arrange.user({ username: 'owner' });
    const { group, members } = arrange.group({ owner });
    const duplicate = await control(t, 'POST', '/worlds', { fixtures: { users: [owner, owner] } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.message).toBe(`fixtures.users[1].id: duplicate id ${owner.id}`);
    const stray = { id: 'gmem_00000000-0000-4000-8000-0000000000aa', groupId: group.id, userId: MISSING };
    const reply = await control(t, 'POST', '/worlds', { fixtures: { users: [owner], groups: [group], groupMembers: [...members, stray] } });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(
      `fixtures.groupMembers[1].userId: ${stray.id} names user ${MISSING}, which users.json does not hold`,
    );
    expect(t.deps.sandboxes.count).toBe(0);
  });
});

describe('world.records', () => {
  it('puts a record the API shows at once, and deletes it', async () => {
    const world = await server.worlds.create();
    const alice = await world.login('alice', 'alice-password');
    const dave = arrange.user({ username: 'dave2', displayName: 'Dave Two' });
    await world.records.put('users', dave);
    expect(((await (await alice.fetch(`/users/${dave.id}`)).json()) as { displayName: string }).displayName).toBe('Dave Two');
    expect((await world.login('dave2', 'dave2-password')).user.id).toBe(dave.id);
    // The session of before the change carries on.
    expect((await alice.fetch('/auth/user')).status).toBe(200);
    await world.records.put('users', { ...dave, displayName: 'Dave Renamed' });
    expect(((await (await alice.fetch(`/users/${dave.id}`)).json()) as { displayName: string }).displayName).toBe('Dave Renamed');
    await world.records.delete('users', dave.id);
    expect((await alice.fetch(`/users/${dave.id}`)).status).toBe(404);
    await world.delete();
  });

  it("puts a customised invite message slot the API shows at once, keeping the world's own edits", async () => {
    const world = await server.worlds.create();
    const alice = await world.login('alice', 'alice-password');
    const slot = async (type: string, index: number) =>
      ((await (await alice.fetch(`/message/${ALICE}/${type}/${index}`)).json()) as { message: string }).message;
    const edited = await alice.fetch(`/message/${ALICE}/response/3`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Edited through the API' }),
    });
    expect(edited.status).toBe(200);
    await world.records.put('inviteMessages', {
      userId: ALICE,
      messageType: 'response',
      slot: 7,
      message: 'Put by the control plane',
      updatedAt: '2025-12-01T00:00:00.000Z',
    });
    expect(await slot('response', 7)).toBe('Put by the control plane');
    expect(await slot('response', 3)).toBe('Edited through the API');
    expect((await alice.fetch(`/message/${ALICE}/response/7`, { method: 'DELETE' })).status).toBe(200);
    await world.delete();
  });

  it('puts a group member the group indexes learn of: the members list and the count show it', async () => {
    const world = await server.worlds.create();
    const alice = await world.login('alice', 'alice-password');
    const members = async () => (await (await alice.fetch(`/groups/${DEFAULT_GROUP}/members?n=100`)).json()) as { userId: string }[];
    const before = await members();
    const eve = 'usr_e0e00000-0000-4000-8000-000000000006';
    expect(before.map((member) => member.userId)).not.toContain(eve);
    await world.records.put('groupMembers', { id: 'gmem_00000000-0000-4000-8000-0000000000e1', groupId: DEFAULT_GROUP, userId: eve });
    const after = await members();
    expect(after.map((member) => member.userId)).toContain(eve);
    expect(after).toHaveLength(before.length + 1);
    await world.delete();
  });

  it('refuses a record that does not pass, or a delete another record still names, with its JSON path', async () => {
    const world = await server.worlds.create();
    const bad = await refusal(
      world.records.put('groups', { id: 'grp_00000009-0000-4000-8000-000000000000', ownerId: MISSING, name: 'G', shortCode: 'G' }),
    );
    expect(bad.status).toBe(400);
    expect(messageOf(bad)).toBe(`ownerId: grp_00000009-0000-4000-8000-000000000000 names user ${MISSING}, which users.json does not hold`);
    const named = await refusal(world.records.delete('users', ALICE));
    expect(named.status).toBe(400);
    expect(messageOf(named)).toMatch(/^groups\[0\]\.ownerId: grp_00000001-0000-4000-8000-000000000000 names user usr_a11ce000/);
    const alice = await world.login('alice', 'alice-password');
    expect(alice.user.id).toBe(ALICE);
    const unknown = await refusal(world.records.delete('users', MISSING));
    expect(unknown.status).toBe(404);
    await world.delete();
  });
});

describe('arrange', () => {
  it('says "alice and bob are friends and bob is online in this instance" in a few lines', async () => {
    const alice = arrange.user({ username: 'alice3' });
    const bob = arrange.user({ username: 'bob3' });
    arrange.friends(alice, bob);
    const home = arrange.world({ author: alice, name: 'Home' });
    const instance = arrange.instance({ world: home, users: [bob] });
    const { group, members } = arrange.group({ owner: alice, members: [bob], roles: [{ name: 'Greeter', users: [bob] }] });
    const world = await server.worlds.create({
      fixtures: { users: [alice, bob], worlds: [home], instances: [instance], groups: [group], groupMembers: members },
    });

    const session = await world.login('alice3', 'alice3-password');
    const friends = await (await session.fetch('/auth/user/friends')).json();
    expect(friends).toEqual([expect.objectContaining({ id: bob.id, location: `${home.id}:${instance.instanceId}` })]);
    const seen = await (await session.fetch(`/instances/${home.id}:${instance.instanceId}`)).json();
    expect(seen).toMatchObject({ worldId: home.id, n_users: 1 });
    const listed = (await (await session.fetch(`/groups/${group.id}/members`)).json()) as { userId: string; roleIds: string[] }[];
    const greeter = group.roles!.find((role) => role.name === 'Greeter')!;
    expect(listed.find((member) => member.userId === bob.id)?.roleIds).toEqual([greeter.id]);
    await world.delete();
  });
});
