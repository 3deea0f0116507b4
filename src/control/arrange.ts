// Factories for the records a test arranges most (users, friendships, groups with members and roles,
// VRChat worlds and instances with users in them), for `worlds.create({ fixtures })`. Plain objects,
// checked by the server as any fixture; nothing here loads the server.
import type { FixtureRecord } from './client-types.js';

export type UserFixture = FixtureRecord<'users'>;
export type GroupFixture = FixtureRecord<'groups'>;
export type GroupMemberFixture = FixtureRecord<'groupMembers'>;
export type WorldFixture = FixtureRecord<'worlds'>;
export type InstanceFixture = FixtureRecord<'instances'>;
type Permission = NonNullable<NonNullable<GroupFixture['roles']>[number]['permissions']>[number];

/** An id in the API's form: `<prefix>_<uuid>`. */
const newId = (prefix: string) => `${prefix}_${globalThis.crypto.randomUUID()}`;
const digits = () => String(10_000 + Math.floor(Math.random() * 90_000));

export interface GroupRoleSpec {
  name: string;
  permissions?: Permission[];
  /** Members who hold the role; they are made members if they are not. */
  users?: UserFixture[];
}

export interface ArrangedGroup {
  group: GroupFixture;
  /** The owner's membership and every member's: for `fixtures.groupMembers`. */
  members: GroupMemberFixture[];
}

export const arrange = {
  /** A user who logs in with `username` and `password` (default `<username>-password`). */
  user(fields: Partial<UserFixture> & { username: string }): UserFixture {
    const { username } = fields;
    return { id: newId('usr'), displayName: username, password: `${username}-password`, email: `${username}@example.test`, ...fields };
  },

  /** Makes `a` and `b` friends of each other (their records' `friends`). */
  friends(a: UserFixture, b: UserFixture): void {
    a.friends = [...new Set([...(a.friends ?? []), b.id])];
    b.friends = [...new Set([...(b.friends ?? []), a.id])];
  },

  /** A group owned by `owner`, with an Owner role, a default Member role and `roles`; every member a member record. */
  group(
    spec: { owner: UserFixture; members?: UserFixture[]; roles?: GroupRoleSpec[] } & Omit<Partial<GroupFixture>, 'ownerId' | 'roles'>,
  ): ArrangedGroup {
    const { owner, members = [], roles = [], ...fields } = spec;
    const id = fields.id ?? newId('grp');
    const role = (name: string, extra: Partial<NonNullable<GroupFixture['roles']>[number]>) => ({
      id: newId('grol'),
      groupId: id,
      name,
      ...extra,
    });
    const ownerRole = role('Owner', { order: 0, permissions: ['*'], isManagementRole: true });
    const memberRole = role('Member', { order: 1, defaultRole: true });
    const given = roles.map((spec, index) => ({
      spec,
      record: role(spec.name, { order: index + 2, permissions: spec.permissions ?? [] }),
    }));
    const holders = new Map<string, string[]>([[owner.id, [ownerRole.id]]]);
    for (const user of members) if (!holders.has(user.id)) holders.set(user.id, []);
    for (const { spec, record } of given)
      for (const user of spec.users ?? []) holders.set(user.id, [...(holders.get(user.id) ?? []), record.id]);
    const name = fields.name ?? `Group ${digits()}`;
    const group: GroupFixture = {
      shortCode:
        name
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 6)
          .toUpperCase() || 'GROUP',
      name,
      ownerId: owner.id,
      ...fields,
      id,
      roles: [ownerRole, memberRole, ...given.map((role) => role.record)],
    };
    const records = [...holders].map(([userId, roleIds]) => ({ id: newId('gmem'), groupId: id, userId, roleIds }));
    return { group, members: records };
  },

  /** A VRChat world by `author`. */
  world(spec: { author: UserFixture } & Omit<Partial<WorldFixture>, 'authorId'>): WorldFixture {
    const { author, ...fields } = spec;
    return {
      id: newId('wrld'),
      authorId: author.id,
      authorName: author.displayName ?? author.username,
      name: `World ${digits()}`,
      ...fields,
    };
  },

  /** A public instance of `world` with `users` in it (they are online there), created by the first of them. */
  instance(
    spec: { world: WorldFixture; users?: UserFixture[]; region?: 'us' | 'use' | 'eu' | 'jp' } & Omit<
      Partial<InstanceFixture>,
      'worldId' | 'userIds'
    >,
  ): InstanceFixture {
    const { world, users = [], region = 'us', ...fields } = spec;
    const instanceId = `${digits()}~region(${region})~nonce(${globalThis.crypto.randomUUID()})`;
    return { worldId: world.id, instanceId, creatorId: users[0]?.id ?? world.authorId, userIds: users.map((user) => user.id), ...fields };
  },
};
