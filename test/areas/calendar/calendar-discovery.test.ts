import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/errors.js';
import { CalendarEventListSchema, CalendarEventSchema } from '../../../src/store/records/calendar.js';
import { expectError, expectShape, testSandbox } from '../../support/helpers.js';
import { groups } from '../../support/groups-fixture-ids.js';
import { events } from '../../support/calendar-seed.js';

const titles = (body: { results: { title: string }[] }) => body.results.map((e) => e.title);

describe('GET /calendar', () => {
  it("lists the events of the requester's groups in the month asked for", async () => {
    const t = testSandbox();
    const cookie = await t.login('admin'); // a plain member of Builders Guild, a Moderator of Night Owls
    const r = await t.call('GET', '/calendar?date=2026-02-01T00:00:00Z', { cookie });
    const list = expectShape(CalendarEventListSchema, r.body);
    expect(titles(list)).toEqual(['Midnight Hangout', 'World Jam Kickoff', 'Editors Sync']);
    expect(list).toMatchObject({ totalCount: 3, hasNext: false });
  });

  it('uses the current month without a date', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/calendar', { cookie: await t.login('admin') });
    expect(titles(r.body)).toEqual(['Monthly Build Night']);
  });
});

describe('GET /calendar/featured', () => {
  it('lists featured events the requester may see, not read as a group id', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/calendar/featured?date=2026-02-01T00:00:00Z', { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(titles(r.body)).toEqual(['World Jam Kickoff']);
  });

  it('is served without a session, as the live service serves it, showing what a stranger sees', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/calendar/featured?date=2026-02-01T00:00:00Z');
    expect(r.status).toBe(200);
    expect(titles(expectShape(CalendarEventListSchema, r.body))).toEqual(['World Jam Kickoff']);
    expect(r.body.results[0].userInterest).toMatchObject({ isFollowing: false });
  });

  it("still needs a session for the requester's own calendar", async () => {
    expectError(await testSandbox().call('GET', '/calendar'), 401, messages.missingCredentials);
  });
});

describe('following an event', () => {
  it('follows and unfollows; /calendar/following and the event show it', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const path = `/calendar/${groups.nightOwls}/${events.midnightHangout}/follow`;
    const r = await t.call('POST', path, { cookie, body: { isFollowing: true } });
    expect(expectShape(CalendarEventSchema, r.body)).toMatchObject({ interestedUserCount: 1, userInterest: { isFollowing: true } });
    expect(titles((await t.call('GET', '/calendar/following', { cookie })).body)).toEqual(['Midnight Hangout']);
    const read = await t.call('GET', `/calendar/${groups.nightOwls}/${events.midnightHangout}`, { cookie });
    expect(read.body.userInterest.isFollowing).toBe(true);
    await t.call('POST', path, { cookie, body: { isFollowing: false } });
    expect((await t.call('GET', '/calendar/following', { cookie })).body.totalCount).toBe(0);
  });
});

describe('GET /calendar/search', () => {
  it('finds upcoming events by title, description or tag', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/calendar/search?searchTerm=KICKOFF', { cookie: await t.login('alice') });
    expect(titles(r.body)).toEqual(['World Jam Kickoff']);
  });

  it('requires a search term', async () => {
    const t = testSandbox();
    expectError(await t.call('GET', '/calendar/search', { cookie: await t.login('alice') }), 400);
  });
});

describe('GET /calendar/discover', () => {
  it('answers upcoming events within the offset and a cursor to the next page', async () => {
    const t = testSandbox();
    const cookie = await t.login('alice');
    const r = await t.call('GET', '/calendar/discover?scope=upcoming&upcomingOffsetMinutes=40000&n=1', { cookie });
    expect(r.body).toMatchObject({ nextCursor: '1', results: [{ title: 'Midnight Hangout' }] });
    const next = await t.call('GET', `/calendar/discover?scope=upcoming&upcomingOffsetMinutes=40000&n=1&nextCursor=1`, { cookie });
    expect(next.body.results.map((e: { title: string }) => e.title)).toEqual(['World Jam Kickoff']);
  });

  it('is served without a session, as the live service serves it: the public events, none of a group-only one', async () => {
    const t = testSandbox();
    const r = await t.call('GET', '/calendar/discover?scope=upcoming&upcomingOffsetMinutes=50000');
    expect(r.status).toBe(200);
    expect(titles(r.body)).toEqual(['Midnight Hangout', 'World Jam Kickoff']);
    const member = await t.call('GET', '/calendar/discover?scope=upcoming&upcomingOffsetMinutes=50000', { cookie: await t.login('admin') });
    expect(titles(member.body)).toContain('Editors Sync');
  });

  it('shows a live event in the live scope and drops featured ones on exclude', async () => {
    const t = testSandbox();
    t.clock.set(Date.parse('2026-02-07T19:00:00.000Z'));
    const cookie = await t.login('alice');
    expect((await t.call('GET', '/calendar/discover?scope=live', { cookie })).body.results.map((e: { title: string }) => e.title)).toEqual([
      'World Jam Kickoff',
    ]);
    expect((await t.call('GET', '/calendar/discover?scope=live&featuredResults=exclude', { cookie })).body).toEqual({
      nextCursor: '',
      results: [],
    });
  });
});

describe('GET /calendar/{groupId}/next', () => {
  it('answers the next event the requester may see', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/calendar/${groups.builders}/next`, { cookie: await t.login('alice') });
    expect(r.body.id).toBe(events.jamKickoff);
  });

  it('answers 404 when nothing is ahead', async () => {
    const t = testSandbox();
    t.clock.set(Date.parse('2027-01-01T00:00:00.000Z'));
    expectError(
      await t.call('GET', `/calendar/${groups.nightOwls}/next`, { cookie: await t.login('alice') }),
      404,
      messages.calendarEntryNotFound,
    );
  });
});

describe('GET /calendar/{groupId}/{calendarId}.ics', () => {
  it('answers a valid iCalendar document', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/calendar/${groups.builders}/${events.jamKickoff}.ics`, { cookie: await t.login('alice') });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const lines = r.text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20260207T180000Z');
    expect(lines).toContain('SUMMARY:World Jam Kickoff');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(r.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('hides a members-only event from an outsider', async () => {
    const t = testSandbox();
    const r = await t.call('GET', `/calendar/${groups.nightOwls}/${events.editorsSync}.ics`, { cookie: await t.login('alice') });
    expectError(r, 404, messages.calendarEntryNotFound);
  });
});

describe('DELETE /calendar/{groupId}/{calendarId}', () => {
  it('a calendar manager deletes an event; the list no longer has it', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob'); // Editors hold group-calendar-manage
    const r = await t.call('DELETE', `/calendar/${groups.builders}/${events.jamKickoff}`, { cookie });
    expect(r.body).toEqual({ success: { message: 'Calendar Entry deleted!', status_code: 200 } });
    const list = (await t.call('GET', `/calendar/${groups.builders}?date=2026-02`, { cookie })).body;
    expect(list.results.map((e: { id: string }) => e.id)).not.toContain(events.jamKickoff);
    expectError(
      await t.call('DELETE', `/calendar/${groups.builders}/${events.jamKickoff}`, { cookie }),
      404,
      messages.calendarEntryNotFound,
    );
  });

  it('refuses a member without group-calendar-manage', async () => {
    const t = testSandbox();
    const r = await t.call('DELETE', `/calendar/${groups.builders}/${events.jamKickoff}`, { cookie: await t.login('admin') });
    expectError(r, 403, messages.groupNoPermission);
  });
});

describe('PUT /calendar/{groupId}/{calendarId}/event', () => {
  it('changes an event and moves it to its new month', async () => {
    const t = testSandbox();
    const cookie = await t.login('bob');
    const r = await t.call('PUT', `/calendar/${groups.builders}/${events.jamKickoff}/event`, {
      cookie,
      body: { title: 'Jam, later', startsAt: '2026-04-04T18:00:00Z', endsAt: '2026-04-04T20:00:00Z' },
    });
    expect(expectShape(CalendarEventSchema, r.body)).toMatchObject({ title: 'Jam, later', startsAt: '2026-04-04T18:00:00.000Z' });
    const april = (await t.call('GET', `/calendar/${groups.builders}?date=2026-04`, { cookie })).body;
    expect(april.results.map((e: { id: string }) => e.id)).toEqual([events.jamKickoff]);
    const february = (await t.call('GET', `/calendar/${groups.builders}?date=2026-02`, { cookie })).body;
    expect(february.results.map((e: { id: string }) => e.id)).not.toContain(events.jamKickoff);
  });

  it('refuses an end before the start', async () => {
    const t = testSandbox();
    const r = await t.call('PUT', `/calendar/${groups.builders}/${events.jamKickoff}/event`, {
      cookie: await t.login('bob'),
      body: { endsAt: '2026-02-07T17:00:00Z' },
    });
    expectError(r, 400, messages.calendarEndsBeforeStart);
  });
});
