import { describe, expect, it } from 'vitest';
import { audit } from '../../../src/areas/groups/audit.js';
import { LIMITS } from '../../../src/limits.js';
import { ids, testWorld } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';

describe('the group audit log', () => {
  it(`keeps the newest ${LIMITS.groupAuditLogEntries.value} entries of a group; the oldest go`, async () => {
    const t = testWorld();
    const group = t.world.groups.get(groups.builders)!;
    const alice = t.world.users.get(ids.alice)!;
    const max = LIMITS.groupAuditLogEntries.value;
    for (let i = 0; i < max + 5; i++) audit(t.world, group, alice, 'group.update', group.id, `change ${i}`);
    const cookie = await t.login('alice');
    const page = (query: string) => t.call('GET', `/groups/${groups.builders}/auditLogs?${query}`, { cookie });
    const newest = (await page('n=1')).body;
    expect(newest.totalCount).toBe(max);
    expect(newest.results[0].description).toBe(`change ${max + 4}`);
    const oldest = (await page(`n=1&offset=${max - 1}`)).body;
    expect(oldest.results[0].description).toBe('change 5');
  });
});
