import { describe, expect, it } from 'vitest';
import { Faker, en } from '@faker-js/faker';
import type { CalendarEventRecord } from '../../../src/store/records/calendar.js';
import {
  audienceOf,
  indexCalendarEvents,
  monthOf,
  putCalendarEvent,
  queryCalendar,
  type Audience,
  type CalendarQuery,
} from '../../../src/store/indexes/calendar.js';
import { generateCalendarEvents, planCalendarEvents } from '../../../src/store/generators/calendar.js';
import type { SandboxDataWithRecipes } from '../../../src/store/recipes/recipes.js';
import { CalendarEventRecordSchema } from '../../../src/store/records/calendar.js';
import type { SandboxData } from '../../../src/store/fixtures/fixtures.js';

const GROUP = 'grp_00000001-0000-4000-8000-000000000000';
const OTHER = 'grp_00000002-0000-4000-8000-000000000000';

/** What a query should answer, worked out the slow way: filter everything, sort, cut. */
function expected(events: CalendarEventRecord[], query: CalendarQuery) {
  let matching = events
    .filter((e) => e.ownerId === GROUP && audienceOf(e) <= query.audience)
    .filter((e) => query.month === undefined || monthOf(e.startsAt) === query.month)
    .filter((e) => query.after === undefined || e.startsAt > query.after)
    .sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : 1));
  if (query.descending) matching.reverse();
  if (query.limit !== undefined) matching = matching.slice(0, query.limit);
  const results = matching.slice(query.offset, query.offset + query.n);
  return { results, totalCount: matching.length, hasNext: query.offset + results.length < matching.length };
}

describe('calendar index', () => {
  it('answers every query as filtering and sorting all events would, after bulk and single inserts', () => {
    const faker = new Faker({ locale: [en], seed: 3 });
    const time = () => faker.date.between({ from: '2026-01-01T00:00:00Z', to: '2026-05-31T23:00:00Z' }).toISOString();
    for (let world = 0; world < 40; world++) {
      const events = Array.from({ length: faker.number.int(60) }, (_, i) => ({
        id: `cal_00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ownerId: faker.datatype.boolean(0.8) ? GROUP : OTHER,
        accessType: faker.helpers.arrayElement(['public', 'group'] as const),
        category: 'other' as const,
        title: 'Event',
        description: '',
        startsAt: faker.datatype.boolean(0.1) ? '2026-03-03T03:00:00.000Z' : time(),
        endsAt: '2026-12-31T00:00:00.000Z',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        isDraft: faker.datatype.boolean(0.2),
      }));
      const index = indexCalendarEvents(events.slice(0, events.length / 2));
      for (const event of events.slice(events.length / 2)) putCalendarEvent(index, event);
      for (let q = 0; q < 25; q++) {
        const query: CalendarQuery = {
          audience: faker.number.int(2) as Audience,
          month: faker.datatype.boolean() ? undefined : monthOf(`2026-0${faker.number.int({ min: 1, max: 6 })}`),
          after: faker.datatype.boolean() ? undefined : time(),
          descending: faker.datatype.boolean(),
          offset: faker.number.int(30),
          n: faker.number.int({ min: 1, max: 20 }),
          limit: faker.datatype.boolean(0.3) ? faker.number.int({ min: 1, max: 30 }) : undefined,
        };
        const page = queryCalendar(index, GROUP, query);
        const want = expected(events, query);
        expect({ ...page, results: page.results.map((e) => e.id) }, JSON.stringify(query)).toEqual({
          ...want,
          results: want.results.map((e) => e.id),
        });
      }
    }
  });
});

describe('generateCalendarEvents', () => {
  const groupsData = (count: number) =>
    ({
      groups: Array.from({ length: count }, (_, i) => ({ id: `grp_00000000-0000-4000-8000-${String(i).padStart(12, '0')}` })),
      calendarEvents: [],
    }) as unknown as SandboxData;

  it('makes the same events from the same seed', () => {
    const a = groupsData(3);
    const b = groupsData(3);
    generateCalendarEvents(new Faker({ locale: [en], seed: 9 }), a, 200);
    generateCalendarEvents(new Faker({ locale: [en], seed: 9 }), b, 200);
    expect(a.calendarEvents).toEqual(b.calendarEvents);
  });

  it('makes valid records spread over the groups, under the monthly limit', () => {
    const data = groupsData(3);
    generateCalendarEvents(new Faker({ locale: [en], seed: 9 }), data, 9_000);
    expect(new Set(data.calendarEvents.map((e) => e.id)).size).toBe(9_000);
    for (const event of data.calendarEvents.slice(0, 500)) expect(CalendarEventRecordSchema.parse(event)).toEqual(event);
    const index = indexCalendarEvents(data.calendarEvents);
    expect(index.calendarByGroup.size).toBe(3);
    for (const buckets of index.calendarByGroup.values()) {
      for (const bucket of buckets) expect(bucket.events.length).toBeLessThanOrEqual(100);
    }
  });

  it('indexes a planned calendar as it indexes the same events made at once', () => {
    const made = groupsData(3);
    const planned: SandboxDataWithRecipes = groupsData(3);
    generateCalendarEvents(new Faker({ locale: [en], seed: 9 }), made, 5_000);
    planCalendarEvents(new Faker({ locale: [en], seed: 9 }), planned, 5_000);
    expect(planned.calendarEvents).toHaveLength(0);
    const eager = indexCalendarEvents(made.calendarEvents);
    const lazy = indexCalendarEvents(planned.calendarEvents, planned.calendarRecipes);
    const group = made.groups[1]!.id;
    const ids = (page: ReturnType<typeof queryCalendar>) => ({ ...page, results: page.results.map((e) => e.id) });
    const page: CalendarQuery = { audience: 1, descending: false, offset: 40, n: 10, after: '2025-09-02T00:00:00.000Z' };
    expect(ids(queryCalendar(lazy, group, page))).toEqual(ids(queryCalendar(eager, group, page)));
    const buckets = (index: typeof eager) =>
      [...index.calendarByGroup].map(([id, list]) => [id, list.map((b) => [b.month, b.size, b.outsiders, b.members])]);
    expect(buckets(lazy)).toEqual(buckets(eager));
    const events = (index: typeof eager) => [...index.calendarByGroup.values()].flatMap((list) => list.flatMap((b) => b.events));
    expect(events(lazy)).toEqual(events(eager));
  });
});
