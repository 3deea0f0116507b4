import { describe, expect, it } from 'vitest';
import { clientPattern, honoRoute, pathPattern } from '../../src/http/path-pattern.js';
import { operationAt } from '../../src/operations/lookup.js';
import { testSandbox } from '../support/helpers.js';

const worldId = 'wrld_4432ea9b-729c-46e3-8eaf-846aa0a37fdd';

describe('one reading of a path pattern', () => {
  it.each([
    ['/groups/{groupId}/members/{userId}', '/groups/grp_1/members/usr_2', true],
    ['/groups/{groupId}/members/{userId}', '/groups/grp_1/members/', false],
    ['/instances/{worldId}:{instanceId}', `/instances/${worldId}:12345`, true],
    ['/instances/{worldId}:{instanceId}', `/instances/${worldId}`, false],
    ['/calendar/{groupId}/{calendarId}.ics', '/calendar/grp_1/cal_2.ics', true],
    ['/calendar/{groupId}/{calendarId}.ics', '/calendar/grp_1/cal_2', false],
    ['/groups/:groupId/*', '/groups/grp_1/members/usr_2', true],
    ['/auth/twofactorauth/:method{(?:totp|otp|emailotp)}/verify', '/auth/twofactorauth/otp/verify', true],
    ['/auth/twofactorauth/:method{(?:totp|otp|emailotp)}/verify', '/auth/twofactorauth/sms/verify', false],
  ])('%s against %s: %s', (pattern, path, matches) => {
    expect(pathPattern(pattern).test(path)).toBe(matches);
  });

  it('makes no regular expression of a pattern a client writes', () => {
    // `:name{...}` is a parameter of that name in a scenario rule or a journal filter, whatever the braces hold.
    expect(clientPattern('/groups/:id{(a+)+$}').test(`/groups/${'a'.repeat(50_000)}!`)).toBe(true);
    expect(() => clientPattern('/groups/:id{(}')).not.toThrow();
    // Parameters between fixed text are placed in one pass, however many there are.
    expect(clientPattern('/x/{a}{b}{c}{d}{e}{f}{g}{h}!').test(`/x/${'a'.repeat(50_000)}`)).toBe(false);
    expect(clientPattern('/x/{a}-{b}-{c}!').test('/x/1-2-3-4!')).toBe(true);
    expect(clientPattern('/x/{a}-{b}-{c}!').test('/x/1--3!')).toBe(false);
  });

  it('reads the parameters of a segment that holds two', () => {
    const route = honoRoute('/instances/{worldId}:{instanceId}');
    expect(route.path).toBe('/instances/:segment2{[^/]+?:[^/]+?}');
    expect(route.params({ segment2: `${worldId}:12345~private(usr_1)` })).toEqual({ worldId, instanceId: '12345~private(usr_1)' });
  });
});

describe('the operation a request reaches', () => {
  it('is the most specific template that matches, as the app routes it', () => {
    expect(operationAt('GET', '/worlds/recent')?.operationId).toBe('getRecentWorlds');
    expect(operationAt('GET', `/worlds/${worldId}`)?.operationId).toBe('getWorld');
    expect(operationAt('GET', `/instances/${worldId}:12345`)?.operationId).toBe('getInstance');
    expect(operationAt('GET', `/instances/${worldId}:12345/shortName`)?.operationId).toBe('getShortName');
    expect(operationAt('GET', '/worlds/recent/')).toBeUndefined();
  });
});

describe('a path written as the operations table writes it', () => {
  it('matches in a scenario rule, a colon segment included', async () => {
    const t = testSandbox();
    t.deps.scenarios.use({
      name: 'closed instances',
      rules: [{ match: { method: 'GET', path: '/instances/{worldId}:{instanceId}' }, response: { status: 503 } }],
    });
    expect((await t.call('GET', `/instances/${worldId}:12345`)).status).toBe(503);
    expect((await t.call('GET', `/instances/${worldId}:12345/shortName`)).status).not.toBe(503);
  });

  it('filters the journal', async () => {
    const t = testSandbox();
    await t.call('GET', `/instances/${worldId}:12345`);
    await t.call('GET', `/worlds/${worldId}`);
    const reply = await t.app.request(`/_mock/requests?path=${encodeURIComponent('/instances/{worldId}:{instanceId}')}`);
    const entries = (await reply.json()) as { path: string }[];
    expect(entries.map((entry) => entry.path)).toEqual([`/api/1/instances/${worldId}:12345`]);
  });
});
