import { describe, expect, it } from 'vitest';
import { audit } from '../../../src/areas/groups/audit.js';
import { LIMITS } from '../../../src/limits.js';
import { ids, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';

describe('the group audit log', () => {
  it(`keeps the newest ${LIMITS.groupAuditLogEntries.value} entries of a group; the oldest go`, async () => {
    const t = testSandbox();
    const group = t.sandbox.groups.get(groups.builders)!;
    const alice = t.sandbox.users.get(ids.alice)!;
    const max = LIMITS.groupAuditLogEntries.value;
    for (let i = 0; i < max + 5; i++) audit(t.sandbox, group, alice, 'group.update', group.id, `change ${i}`);
    const cookie = await t.login('alice');
    const page = (query: string) => t.call('GET', `/groups/${groups.builders}/auditLogs?${query}`, { cookie });
    const newest = (await page('n=1')).body;
    expect(newest.totalCount).toBe(max);
    expect(newest.results[0].description).toBe(`change ${max + 4}`);
    const oldest = (await page(`n=1&offset=${max - 1}`)).body;
    expect(oldest.results[0].description).toBe('change 5');
  });

  it(`keeps every entry up to ${LIMITS.groupAuditLogEntries.value}; the next one pushes out the oldest`, async () => {
    const t = testSandbox();
    const group = t.sandbox.groups.get(groups.builders)!;
    const alice = t.sandbox.users.get(ids.alice)!;
    const max = LIMITS.groupAuditLogEntries.value;
    const cookie = await t.login('alice');
    const oldest = async () => (await t.call('GET', `/groups/${groups.builders}/auditLogs?n=1&offset=${max - 1}`, { cookie })).body;
    t.sandbox.groupAuditLogs.set(groups.builders, []);
    for (let i = 0; i < max; i++) audit(t.sandbox, group, alice, 'group.update', group.id, `change ${i}`);
    const full = await oldest();
    expect(full.totalCount).toBe(max);
    expect(full.results[0].description).toBe('change 0');
    audit(t.sandbox, group, alice, 'group.update', group.id, `change ${max}`);
    const past = await oldest();
    expect(past.totalCount).toBe(max);
    expect(past.results[0].description).toBe('change 1');
  });
});
