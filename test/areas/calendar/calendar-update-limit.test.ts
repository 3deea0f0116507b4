import { describe, expect, it } from 'vitest';
import { CalendarEventListSchema, CalendarEventSchema } from '../../../src/store/records/calendar.js';
import { expectError, expectShape, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { events, seedEvents } from '../../support/calendar-seed.js';

const idsInMonth = async (t: TestSandbox, cookie: string, month: string) =>
  expectShape(CalendarEventListSchema, (await t.call('GET', `/calendar/${groups.builders}?date=${month}&n=100`, { cookie })).body);

const toMay = { startsAt: '2026-05-20T18:00:00Z', endsAt: '2026-05-20T20:00:00Z' };

describe('the 100-per-month limit on PUT /calendar/{groupId}/{calendarId}/event', () => {
  it('refuses moving an event into a month already holding 100 events, and leaves it where it was', async () => {
    const t = testSandbox((data) => seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 100));
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/calendar/${groups.builders}/${events.jamKickoff}/event`, { cookie, body: toMay });
    expectError(r, 403, "You're not allowed to make more than 100 events in a single month");
    expect((await idsInMonth(t, cookie, '2026-05')).totalCount).toBe(100);
    const february = await idsInMonth(t, cookie, '2026-02');
    expect(february.results.find((e) => e.id === events.jamKickoff)?.startsAt).toBe('2026-02-07T18:00:00.000Z');
  });

  it('allows moving an event into a month holding 99, making it the 100th', async () => {
    const t = testSandbox((data) => seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 99));
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/calendar/${groups.builders}/${events.jamKickoff}/event`, { cookie, body: toMay });
    expect(expectShape(CalendarEventSchema, r.body).startsAt).toBe('2026-05-20T18:00:00.000Z');
    const may = await idsInMonth(t, cookie, '2026-05');
    expect(may.totalCount).toBe(100);
    expect(may.results.map((e) => e.id)).toContain(events.jamKickoff);
  });

  it('allows moving an event within a month holding 100, which it already counts in', async () => {
    let seededId = '';
    const t = testSandbox((data) => {
      seededId = seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 100)[0]!.id;
    });
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/calendar/${groups.builders}/${seededId}/event`, { cookie, body: toMay });
    expect(r.status).toBe(200);
    expect((await idsInMonth(t, cookie, '2026-05')).totalCount).toBe(100);
  });
});
