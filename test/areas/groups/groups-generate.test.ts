import { Faker, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { GroupMemberRecordSchema, GroupRecordSchema, GroupSchema } from '../../../src/store/records/groups.js';
import { generateGroups } from '../../../src/store/generators/groups.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';
import { expectShape, testSandbox } from '../../support/helpers.js';

const generated = (data: SandboxData, seed = 7, count = 40) => generateGroups(new Faker({ locale: [en], seed }), data, count);

describe('generateGroups', () => {
  it('makes groups and members that pass the fixture schemas, owned by existing users', () => {
    const t = testSandbox((data) => generated(data));
    const fixtureGroups = 7;
    const groups = [...t.sandbox.groups.values()].slice(fixtureGroups);
    expect(groups).toHaveLength(40);
    for (const group of groups) {
      expect(GroupRecordSchema.parse(group)).toEqual(group);
      expect(t.sandbox.users.has(group.ownerId)).toBe(true);
    }
    for (const member of t.sandbox.groupMembers.values()) {
      expect(GroupMemberRecordSchema.parse(member)).toEqual(member);
      expect(t.sandbox.groups.has(member.groupId)).toBe(true);
    }
  });

  it('gives the same records for the same seed', () => {
    const a = testSandbox((data) => generated(data, 3));
    const b = testSandbox((data) => generated(data, 3));
    expect([...a.sandbox.groups.values()]).toEqual([...b.sandbox.groups.values()]);
    expect([...a.sandbox.groupMembers.values()]).toEqual([...b.sandbox.groupMembers.values()]);
  });

  it('serves a generated group to its owner with all permissions', async () => {
    const t = testSandbox((data) => generated(data));
    // carol's and dana's logins need a second factor; any other owner will do.
    const group = [...t.sandbox.groups.values()].findLast((g) => !['carol', 'dana'].includes(t.sandbox.users.get(g.ownerId)!.username))!;
    const owner = t.sandbox.users.get(group.ownerId)!;
    const cookie = await t.login(owner.username);
    const r = await t.call('GET', `/groups/${group.id}`, { cookie });
    const view = expectShape(GroupSchema, r.body);
    expect(view.myMember?.permissions).toEqual(['*']);
    expect(view.memberCount).toBeGreaterThanOrEqual(1);
  });
});
