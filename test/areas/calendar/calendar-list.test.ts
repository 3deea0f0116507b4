import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { CalendarEventListSchema, CalendarEventSchema } from '../../../src/store/records/calendar.js';
import { expectError, expectShape, ids, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { groups, unknownGroup } from '../../support/groups-fixture-ids.js';
import { events, seedEvents } from '../../support/calendar-seed.js';

const list = async (t: TestSandbox, cookie: string, groupId: string, query = '') => {
  const r = await t.call('GET', `/calendar/${groupId}${query}`, { cookie });
  expect(r.status).toBe(200);
  return expectShape(CalendarEventListSchema, r.body);
};

const idsOf = (page: { results: { id: string }[] }) => page.results.map((e) => e.id);

describe('GET /calendar/{groupId}', () => {
  it('lists every event of the group, by startsAt ascending, when no date is given', async () => {
    const t = testSandbox();
    const page = await list(t, await t.login('alice'), groups.builders);
    expect(idsOf(page)).toEqual([events.buildNight, events.jamKickoff, events.editorsSync, events.springShowcase]);
    expect(page.totalCount).toBe(4);
    expect(page.hasNext).toBe(false);
  });

  it('answers every CalendarEvent field with its derived duration and interest', async () => {
    const t = testSandbox();
    const page = await list(t, await t.login('alice'), groups.builders, '?date=2026-01');
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      id: events.buildNight,
      ownerId: groups.builders,
      durationInMs: 7_200_000,
      hostEarlyJoinMinutes: 30,
      recurrence: null,
      userInterest: { createdAt: '2025-12-20T10:00:00.000Z', updatedAt: '2025-12-20T10:00:00.000Z', isFollowing: false },
    });
  });

  describe('filters and order', () => {
    it('narrows to the UTC month of date', async () => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      const february = [events.jamKickoff, events.editorsSync];
      expect(idsOf(await list(t, cookie, groups.builders, '?date=2026-02-15T00:00:00.000Z'))).toEqual(february);
      expect(idsOf(await list(t, cookie, groups.builders, '?date=2026-02'))).toEqual(february);
      expect(idsOf(await list(t, cookie, groups.builders, '?date=2026-02-01'))).toEqual(february);
      // Midnight of 1 March at UTC+02:00 is still 28 February in UTC.
      expect(idsOf(await list(t, cookie, groups.builders, '?date=2026-03-01T00:00:00%2B02:00'))).toEqual(february);
    });

    it('answers an empty page for a month without events', async () => {
      const t = testSandbox();
      expect(await list(t, await t.login('alice'), groups.builders, '?date=2027-07')).toEqual({
        hasNext: false,
        results: [],
        totalCount: 0,
      });
    });

    it('orders by startsAt descending with sort=descending', async () => {
      const t = testSandbox();
      const page = await list(t, await t.login('alice'), groups.builders, '?sort=descending');
      expect(idsOf(page)).toEqual([events.springShowcase, events.editorsSync, events.jamKickoff, events.buildNight]);
    });

    it('keeps only events starting strictly after `after`', async () => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      const page = await list(t, cookie, groups.builders, '?after=2026-02-07T18:00:00.000Z');
      expect(idsOf(page)).toEqual([events.editorsSync, events.springShowcase]);
      expect(page.totalCount).toBe(2);
      const withDate = await list(t, cookie, groups.builders, '?date=2026-02&after=2026-02-01T00:00:00Z');
      expect(idsOf(withDate)).toEqual([events.jamKickoff, events.editorsSync]);
    });

    it('shows a newly created event in its place in the order, on a page read before too', async () => {
      const t = testSandbox();
      const cookie = await t.login('alice');
      expect(idsOf(await list(t, cookie, groups.builders, '?date=2026-02'))).toEqual([events.jamKickoff, events.editorsSync]);
      const created = await t.call('POST', `/calendar/${groups.builders}/event`, {
        cookie,
        body: {
          accessType: 'group',
          category: 'education',
          description: 'How to light a world.',
          startsAt: '2026-02-10T18:00:00.000Z',
          endsAt: '2026-02-10T19:00:00.000Z',
          sendCreationNotification: false,
          title: 'Lighting Workshop',
        },
      });
      const { id } = expectShape(CalendarEventSchema, created.body);
      const page = await list(t, cookie, groups.builders, '?date=2026-02');
      expect(idsOf(page)).toEqual([events.jamKickoff, id, events.editorsSync]);
      expect(page.totalCount).toBe(3);
    });
  });

  describe('pages', () => {
    const seeded = (count: number) => testSandbox((data) => seedEvents(data, groups.quietCorner, '2026-04-30T20:00:00.000Z', count));

    it('walks a list with n and offset, totals and hasNext consistent on every page', async () => {
      const t = seeded(25);
      const cookie = await t.login('bob');
      const all = await list(t, cookie, groups.quietCorner, '?n=100');
      expect(all.totalCount).toBe(25);
      const pages = [];
      for (const offset of [0, 10, 20]) pages.push(await list(t, cookie, groups.quietCorner, `?n=10&offset=${offset}`));
      expect(pages.map((p) => p.results.length)).toEqual([10, 10, 5]);
      expect(pages.map((p) => p.hasNext)).toEqual([true, true, false]);
      expect(pages.map((p) => p.totalCount)).toEqual([25, 25, 25]);
      expect(pages.flatMap(idsOf)).toEqual(idsOf(all));
    });

    it('pages across months in descending order without gaps or repeats', async () => {
      const t = seeded(25);
      const cookie = await t.login('bob');
      const ascending = idsOf(await list(t, cookie, groups.quietCorner, '?n=100'));
      const pages = [];
      for (const offset of [0, 7, 14, 21]) {
        pages.push(await list(t, cookie, groups.quietCorner, `?n=7&offset=${offset}&sort=descending`));
      }
      expect(pages.flatMap(idsOf)).toEqual([...ascending].reverse());
      expect(pages.map((p) => p.hasNext)).toEqual([true, true, true, false]);
    });

    it('defaults n to 60', async () => {
      const t = seeded(70);
      const page = await list(t, await t.login('bob'), groups.quietCorner);
      expect(page.results).toHaveLength(60);
      expect(page.totalCount).toBe(70);
      expect(page.hasNext).toBe(true);
    });

    it('answers 100 events for n=100, the largest page, and the rest on the next', async () => {
      const t = seeded(105);
      const cookie = await t.login('bob');
      const first = await list(t, cookie, groups.quietCorner, '?n=100');
      expect(first.results).toHaveLength(100);
      expect(first.hasNext).toBe(true);
      const rest = await list(t, cookie, groups.quietCorner, '?n=100&offset=100');
      expect(rest.results).toHaveLength(5);
      expect(rest.hasNext).toBe(false);
      expect(new Set([...idsOf(first), ...idsOf(rest)]).size).toBe(105);
    });

    it('answers one event for n=1, the smallest page, from offset 0', async () => {
      const t = seeded(3);
      const cookie = await t.login('bob');
      const all = idsOf(await list(t, cookie, groups.quietCorner));
      const page = await list(t, cookie, groups.quietCorner, '?n=1&offset=0');
      expect(idsOf(page)).toEqual([all[0]]);
      expect(page.hasNext).toBe(true);
    });

    it('considers only the first `limit` entries', async () => {
      const t = seeded(25);
      const cookie = await t.login('bob');
      const first = await list(t, cookie, groups.quietCorner, '?limit=12&n=10');
      const second = await list(t, cookie, groups.quietCorner, '?limit=12&n=10&offset=10');
      expect([first.totalCount, second.totalCount]).toEqual([12, 12]);
      expect([first.hasNext, second.hasNext]).toEqual([true, false]);
      expect(second.results).toHaveLength(2);
    });

    it('answers an empty page past the end with the same total', async () => {
      const t = seeded(5);
      const page = await list(t, await t.login('bob'), groups.quietCorner, '?offset=50');
      expect(page).toEqual({ hasNext: false, results: [], totalCount: 5 });
    });
  });

  describe('who sees what', () => {
    it('shows a plain member published events, members-only ones included, but no drafts', async () => {
      const t = testSandbox();
      const page = await list(t, await t.login('admin'), groups.builders);
      expect(idsOf(page)).toEqual([events.buildNight, events.jamKickoff, events.editorsSync]);
      expect(page.totalCount).toBe(3);
    });

    it('shows a member who leaves the group only what non-members see, on the next read', async () => {
      const t = testSandbox();
      const cookie = await t.login('admin');
      expect(idsOf(await list(t, cookie, groups.builders))).toEqual([events.buildNight, events.jamKickoff, events.editorsSync]);
      expect((await t.call('DELETE', `/groups/${groups.builders}/members/${ids.admin}`, { cookie })).status).toBe(200);
      expect(idsOf(await list(t, cookie, groups.builders))).toEqual([events.buildNight, events.jamKickoff]);
    });

    it('shows a calendar manager the drafts too', async () => {
      const t = testSandbox();
      const page = await list(t, await t.login('bob'), groups.builders, '?date=2026-03');
      expect(idsOf(page)).toEqual([events.springShowcase]);
    });

    it('shows a non-member only the published public events of a group that is not private', async () => {
      const t = testSandbox((data) => {
        const [open, membersOnly, draft] = seedEvents(data, groups.quietCorner, '2026-02-01T10:00:00.000Z', 3);
        open!.accessType = 'public';
        membersOnly!.accessType = 'group';
        draft!.isDraft = true;
      });
      const page = await list(t, await t.login('alice'), groups.quietCorner);
      expect(page.results.map((e) => e.title)).toEqual(['Seeded event 1']);
      expect(page.totalCount).toBe(1);
    });

    it('treats a banned user as a non-member', async () => {
      const t = testSandbox((data) => {
        seedEvents(data, groups.strictClub, '2026-02-01T10:00:00.000Z', 2)[1]!.accessType = 'group';
      });
      const page = await list(t, await t.login('alice'), groups.strictClub);
      expect(page.results.map((e) => e.title)).toEqual(['Seeded event 1']);
    });

    it('refuses a non-member the calendar of a private group', async () => {
      const t = testSandbox((data) => {
        data.groups.find((g) => g.id === groups.quietCorner)!.privacy = 'private';
      });
      expectError(await t.call('GET', `/calendar/${groups.quietCorner}`, { cookie: await t.login('alice') }), 403, "You're not a member.");
    });

    it('shows a member the calendar of a private group', async () => {
      const t = testSandbox((data) => {
        data.groups.find((g) => g.id === groups.quietCorner)!.privacy = 'private';
        seedEvents(data, groups.quietCorner, '2026-02-01T10:00:00.000Z', 2);
      });
      expect((await list(t, await t.login('bob'), groups.quietCorner)).totalCount).toBe(2);
    });

    it('answers 404 for a group that does not exist', async () => {
      const t = testSandbox();
      expectError(
        await t.call('GET', `/calendar/${unknownGroup}`, { cookie: await t.login('alice') }),
        404,
        messages.calendarEntryNotFound,
      );
    });

    it('answers 401 without a session', async () => {
      const t = testSandbox();
      expectError(await t.call('GET', `/calendar/${groups.builders}`), 401, 'Missing Credentials');
    });
  });

  describe('query validation', () => {
    const cases: [string, string][] = [
      ['?n=0', 'n must be at least 1'],
      ['?n=101', 'n must be at most 100'],
      ['?n=ten', 'n must be an integer'],
      ['?n=2.5', 'n must be an integer'],
      ['?offset=-1', 'offset must be at least 0'],
      ['?limit=0', 'limit must be at least 1'],
      ['?date=yesterday', 'date must be a date-time'],
      ['?date=2026-13', 'date must be a date-time'],
      ['?date=2026-02-30', 'date must be a date-time'],
      ['?date=2026-02-30T10:00:00Z', 'date must be a date-time'],
      ['?date=2026-02-28T24:00:00Z', 'date must be a date-time'],
      ['?after=9999-12-31T23:30:00-01:00', 'after must fall within the years 0000 to 9999 in UTC'],
      ['?after=2026-02-01T10:00:00', 'after must be a date-time'],
      ['?sort=sideways', 'sort must be one of ascending, descending'],
      ['?n=0&offset=-3', 'n must be at least 1, offset must be at least 0'],
    ];
    for (const [query, message] of cases) {
      it(`answers ${query} with a 400 naming the parameter`, async () => {
        const t = testSandbox();
        expectError(await t.call('GET', `/calendar/${groups.builders}${query}`, { cookie: await t.login('alice') }), 400, message);
      });
    }
  });
});
