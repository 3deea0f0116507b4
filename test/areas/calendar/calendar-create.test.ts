import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { CalendarEventListSchema, CalendarEventSchema } from '../../../src/store/records/calendar.js';
import { expectError, expectShape, testSandbox, type TestSandbox } from '../../support/helpers.js';
import { groups, unknownGroup } from '../../support/groups-fixture-ids.js';
import { openMicEvent, seedEvents } from '../../support/calendar-seed.js';

const event = openMicEvent;

/** POST the event; a 200 body must be a CalendarEvent. */
const create = async (t: TestSandbox, cookie: string, groupId: string, body: unknown) => {
  const r = await t.call('POST', `/calendar/${groupId}/event`, { cookie, body });
  if (r.status === 200) expectShape(CalendarEventSchema, r.body);
  return r;
};

const listMonth = async (t: TestSandbox, cookie: string, groupId: string, month: string) =>
  expectShape(CalendarEventListSchema, (await t.call('GET', `/calendar/${groupId}?date=${month}&n=100`, { cookie })).body);

describe('POST /calendar/{groupId}/event', () => {
  it('creates the event for the group owner and answers the full CalendarEvent', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await create(t, cookie, groups.builders, event);
    expect(r.status).toBe(200);
    const created = expectShape(CalendarEventSchema, r.body);
    expect(created).toMatchObject({
      ownerId: groups.builders,
      title: 'Open Mic',
      description: 'Live sets from the members.',
      accessType: 'public',
      category: 'music',
      startsAt: '2026-05-10T20:00:00.000Z',
      endsAt: '2026-05-10T22:00:00.000Z',
      durationInMs: 7_200_000,
      occurrenceKind: 'single',
      type: 'event',
      seriesId: null,
      recurrence: null,
      isDraft: false,
      deletedAt: null,
      createdAt: '2026-01-15T12:00:00.000Z',
      updatedAt: '2026-01-15T12:00:00.000Z',
      userInterest: { createdAt: '2026-01-15T12:00:00.000Z', updatedAt: '2026-01-15T12:00:00.000Z', isFollowing: false },
    });
    expect(created.id).toMatch(/^cal_[0-9a-f-]{36}$/);
  });

  it('shows the created event in the group calendar afterwards', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const created = (await create(t, cookie, groups.builders, event)).body;
    const list = await listMonth(t, cookie, groups.builders, '2026-05');
    expect(list.results.map((e) => e.id)).toContain(created.id);
    expect(list.results.find((e) => e.id === created.id)).toEqual(created);
  });

  it('lets a member whose role grants group-calendar-manage create events', async () => {
    const t = testSandbox();
    const r = await create(t, await t.login('bob'), groups.builders, event);
    expect(r.status).toBe(200);
    expect(expectShape(CalendarEventSchema, r.body).ownerId).toBe(groups.builders);
  });

  it('stores the optional fields of the OpenAPI request', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await create(t, cookie, groups.builders, {
      ...event,
      tags: ['live', 'music'],
      imageId: 'file_00000000-0000-4000-8000-00000000abcd',
      isDraft: true,
      languages: ['eng', 'deu'],
      platforms: ['standalonewindows', 'android'],
      roleIds: ['grol_00000001-0000-4000-8000-000000000002'],
      featured: true,
      hostEarlyJoinMinutes: 60,
      guestEarlyJoinMinutes: 5,
      closeInstanceAfterEndMinutes: 15,
      usesInstanceOverflow: true,
    });
    expect(r.status).toBe(200);
    const created = expectShape(CalendarEventSchema, r.body);
    expect(created).toMatchObject({
      tags: ['live', 'music'],
      imageId: 'file_00000000-0000-4000-8000-00000000abcd',
      isDraft: true,
      languages: ['eng', 'deu'],
      platforms: ['standalonewindows', 'android'],
      roleIds: ['grol_00000001-0000-4000-8000-000000000002'],
      featured: true,
      hostEarlyJoinMinutes: 60,
      guestEarlyJoinMinutes: 5,
      closeInstanceAfterEndMinutes: 15,
      usesInstanceOverflow: true,
    });
    const list = await listMonth(t, cookie, groups.builders, '2026-05');
    expect(list.results.find((e) => e.id === created.id)).toEqual(created);
  });

  it('stores times given with an offset as UTC', async () => {
    const t = testSandbox();
    const r = await create(t, await t.login('alice'), groups.builders, {
      ...event,
      startsAt: '2026-05-10T21:00:00+01:00',
      endsAt: '2026-05-10T23:30:00+01:00',
    });
    const created = expectShape(CalendarEventSchema, r.body);
    expect(created.startsAt).toBe('2026-05-10T20:00:00.000Z');
    expect(created.endsAt).toBe('2026-05-10T22:30:00.000Z');
    expect(created.durationInMs).toBe(9_000_000);
  });

  describe('who may create', () => {
    it('refuses a plain member without the calendar permission and adds nothing', async () => {
      const t = testSandbox();
      const cookie = await t.login('admin');
      expectError(await create(t, cookie, groups.builders, event), 403, "Can't create calendar entries for that owner ID");
      expect((await listMonth(t, cookie, groups.builders, '2026-05')).totalCount).toBe(0);
    });

    it('refuses a user who is not a member of the group', async () => {
      const t = testSandbox();
      expectError(await create(t, await t.login('alice'), groups.quietCorner, event), 403, messages.calendarCreateForbidden);
    });

    it('refuses a user who is only invited, even before looking at the body', async () => {
      const t = testSandbox();
      expectError(await create(t, await t.login('alice'), groups.photoClub, {}), 403, messages.calendarCreateForbidden);
    });

    it('answers 404 for a group that does not exist', async () => {
      const t = testSandbox();
      expectError(await create(t, await t.login('alice'), unknownGroup, event), 404, 'Calendar Entry not found!');
    });

    it('answers 401 without a session', async () => {
      const t = testSandbox();
      expectError(await t.call('POST', `/calendar/${groups.builders}/event`, { body: event }), 401, 'Missing Credentials');
    });
  });

  describe('validation', () => {
    it('names every missing required field', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, {}),
        400,
        'accessType is required, category is required, description is required, endsAt is required, ' +
          'sendCreationNotification is required, startsAt is required, title is required',
      );
    });

    it('names fields of the wrong type', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, { ...event, title: 42, sendCreationNotification: 'no' }),
        400,
        'sendCreationNotification must be a boolean, title must be a string',
      );
    });

    it('accepts only the public accessType and category values', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, { ...event, accessType: 'friends', category: 'sports' }),
        400,
        'accessType must be one of group, public, category must be one of arts, avatars, dance, education, exploration, ' +
          'film_media, gaming, hangout, music, other, performance, roleplaying, wellness',
      );
    });

    it('requires date-times with a zone', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, { ...event, startsAt: 'next tuesday', endsAt: '2026-05-10T22:00:00' }),
        400,
        'endsAt must be a date-time, startsAt must be a date-time',
      );
    });

    it('refuses times that fall past the year 9999 in UTC', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, {
          ...event,
          startsAt: '9999-12-31T23:30:00-01:00',
          endsAt: '9999-12-31T23:45:00-01:00',
        }),
        400,
        'endsAt must fall within the years 0000 to 9999 in UTC, startsAt must fall within the years 0000 to 9999 in UTC',
      );
    });

    it('requires endsAt after startsAt', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, { ...event, endsAt: event.startsAt }),
        400,
        'endsAt must be after startsAt',
      );
    });

    it('limits the title to 64 characters and the tags to 5', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, {
          ...event,
          title: 'x'.repeat(65),
          tags: ['a', 'b', 'c', 'd', 'e', 'f'],
        }),
        400,
        'title must be at most 64 characters long, tags must be at most 5 items',
      );
    });

    it('refuses an event that starts in the past', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, {
          ...event,
          startsAt: '2026-01-15T11:00:00.000Z',
          endsAt: '2026-01-15T13:00:00.000Z',
        }),
        400,
        'Calendar Entry must start in the future',
      );
    });

    it('refuses roleIds that are not roles of the group', async () => {
      const t = testSandbox();
      expectError(
        await create(t, await t.login('alice'), groups.builders, {
          ...event,
          roleIds: ['grol_00000002-0000-4000-8000-000000000002'],
        }),
        400,
        'roleIds must name roles of this group',
      );
    });

    it('answers a malformed body with a 400 envelope', async () => {
      const t = testSandbox();
      expectError(await create(t, await t.login('alice'), groups.builders, '{"title":'), 400, 'Malformed JSON in request body');
    });
  });

  describe('monthly limit', () => {
    it('refuses the 101st event starting in one UTC month', async () => {
      const t = testSandbox((data) => seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 100));
      const cookie = await t.login('alice');
      expectError(
        await create(t, cookie, groups.builders, event),
        403,
        "You're not allowed to make more than 100 events in a single month",
      );
      expect((await listMonth(t, cookie, groups.builders, '2026-05')).totalCount).toBe(100);
    });

    it('allows the 100th event of a month', async () => {
      const t = testSandbox((data) => seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 99));
      const cookie = await t.login('alice');
      expect((await create(t, cookie, groups.builders, event)).status).toBe(200);
      expect((await listMonth(t, cookie, groups.builders, '2026-05')).totalCount).toBe(100);
    });

    it('counts drafts towards the limit', async () => {
      const t = testSandbox((data) => {
        for (const seeded of seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 100)) seeded.isDraft = true;
      });
      expectError(await create(t, await t.login('alice'), groups.builders, event), 403, messages.calendarMonthlyLimit);
    });

    it('counts by the UTC month of startsAt, so a full month does not block the next', async () => {
      const t = testSandbox((data) => seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 100));
      const cookie = await t.login('alice');
      // 23:30 on 31 May at UTC-2 is 01:30 on 1 June in UTC.
      const r = await create(t, cookie, groups.builders, {
        ...event,
        startsAt: '2026-05-31T23:30:00-02:00',
        endsAt: '2026-06-01T01:00:00-02:00',
      });
      expect(r.status).toBe(200);
      expect((await listMonth(t, cookie, groups.builders, '2026-06')).totalCount).toBe(1);
    });

    it("does not count another group's events", async () => {
      const t = testSandbox((data) => seedEvents(data, groups.nightOwls, '2026-05-01T00:00:00.000Z', 100));
      expect((await create(t, await t.login('alice'), groups.builders, event)).status).toBe(200);
    });

    it('lets exactly 25 of 50 simultaneous creates through when 75 events are already in the month', async () => {
      const t = testSandbox((data) => seedEvents(data, groups.builders, '2026-05-01T00:00:00.000Z', 75));
      const cookie = await t.login('alice');
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => create(t, cookie, groups.builders, { ...event, title: `Parallel ${i}` })),
      );
      const succeeded = replies.filter((r) => r.status === 200);
      expect(succeeded).toHaveLength(25);
      for (const r of replies.filter((reply) => reply.status !== 200)) expectError(r, 403, messages.calendarMonthlyLimit);
      const list = await listMonth(t, cookie, groups.builders, '2026-05');
      expect(list.totalCount).toBe(100);
      expect(list.results).toHaveLength(100);
      const listed = new Set(list.results.map((e) => e.id));
      for (const r of succeeded) expect(listed.has(r.body.id)).toBe(true);
    });
  });
});
