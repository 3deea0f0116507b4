import { Faker, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { GroupMemberRecordSchema, GroupRecordSchema, GroupSchema } from '../../../src/store/records/groups.js';
import { generateGroups } from '../../../src/store/generators/groups.js';
import type { WorldData } from '../../../src/store/fixtures/fixtures.js';
import { expectShape, testWorld } from '../../support/helpers.js';

const generated = (data: WorldData, seed = 7, count = 40) => generateGroups(new Faker({ locale: [en], seed }), data, count);

describe('generateGroups', () => {
  it('makes groups and members that pass the fixture schemas, owned by existing users', () => {
    const t = testWorld((data) => generated(data));
    const fixtureGroups = 7;
    const groups = [...t.world.groups.values()].slice(fixtureGroups);
    expect(groups).toHaveLength(40);
    for (const group of groups) {
      expect(GroupRecordSchema.parse(group)).toEqual(group);
      expect(t.world.users.has(group.ownerId)).toBe(true);
    }
    for (const member of t.world.groupMembers.values()) {
      expect(GroupMemberRecordSchema.parse(member)).toEqual(member);
      expect(t.world.groups.has(member.groupId)).toBe(true);
    }
  });

  it('gives the same records for the same seed', () => {
    const a = testWorld((data) => generated(data, 3));
    const b = testWorld((data) => generated(data, 3));
    expect([...a.world.groups.values()]).toEqual([...b.world.groups.values()]);
    expect([...a.world.groupMembers.values()]).toEqual([...b.world.groupMembers.values()]);
  });

  it('serves a generated group to its owner with all permissions', async () => {
    const t = testWorld((data) => generated(data));
    // carol's and dana's logins need a second factor; any other owner will do.
    const group = [...t.world.groups.values()].findLast((g) => !['carol', 'dana'].includes(t.world.users.get(g.ownerId)!.username))!;
    const owner = t.world.users.get(group.ownerId)!;
    const cookie = await t.login(owner.username);
    const r = await t.call('GET', `/groups/${group.id}`, { cookie });
    const view = expectShape(GroupSchema, r.body);
    expect(view.myMember?.permissions).toEqual(['*']);
    expect(view.memberCount).toBeGreaterThanOrEqual(1);
  });
});
