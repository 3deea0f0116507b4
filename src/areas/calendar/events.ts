import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { UpdateCalendarEventRequestSchema, type CalendarEvent, type CalendarEventRecord } from '../../store/records/calendar.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import { audienceOf, bucketsBetween, eventsInMonth, monthOf, putCalendarEvent, removeCalendarEvent } from '../../store/indexes/calendar.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { audienceFor, calendarEventViewFor, findCalendarGroup, MONTHLY_EVENT_LIMIT, viewerAudience } from './calendar.js';
import { audit, requireGroupAccess } from '../groups/public.js';

/** One of the group's events, looked for in every month of its calendar. */
export function findEvent(sandbox: Sandbox, groupId: string, calendarId: string): CalendarEventRecord | undefined {
  for (const bucket of sandbox.calendarByGroup.get(groupId) ?? []) {
    const event = bucket.events.find((e) => e.id === calendarId);
    if (event) return event;
  }
  return undefined;
}

/** An event the viewer may see; anything else is the calendar's 404. */
function visibleEvent(sandbox: Sandbox, actor: UserRecord, groupId: string, calendarId: string) {
  const group = findCalendarGroup(sandbox, groupId);
  const audience = viewerAudience(sandbox, group, actor.id);
  const event = findEvent(sandbox, group.id, calendarId);
  if (!event || audience === undefined || audienceOf(event) > audience) throw new ApiError(404, messages.calendarEntryNotFound);
  return { group, event };
}

export function getCalendarEvent(sandbox: Sandbox, actor: UserRecord, groupId: string, calendarId: string): CalendarEvent {
  return calendarEventViewFor(sandbox, actor.id)(visibleEvent(sandbox, actor, groupId, calendarId).event);
}

/** The first event the viewer sees that has not ended yet, soonest first. */
export function nextCalendarEvent(sandbox: Sandbox, actor: UserRecord, groupId: string): CalendarEvent {
  const group = findCalendarGroup(sandbox, groupId);
  const audience = audienceFor(sandbox, group, actor.id);
  const now = isoNow(sandbox.clock);
  for (const bucket of bucketsBetween(sandbox, group.id, monthOf(now) - 1, Number.MAX_SAFE_INTEGER)) {
    const event = bucket.events.find((e) => e.endsAt > now && audienceOf(e) <= audience);
    if (event) return calendarEventViewFor(sandbox, actor.id)(event);
  }
  throw new ApiError(404, messages.calendarNoNextEvent);
}

export function deleteCalendarEvent(sandbox: Sandbox, actor: UserRecord, groupId: string, calendarId: string): string {
  const group = findCalendarGroup(sandbox, groupId);
  requireGroupAccess(sandbox, group, actor, 'deleteGroupCalendarEvent');
  const event = findEvent(sandbox, group.id, calendarId);
  if (!event) throw new ApiError(404, messages.calendarEntryNotFound);
  removeCalendarEvent(sandbox, event);
  event.deletedAt = isoNow(sandbox.clock);
  for (const follows of sandbox.calendarFollows.values()) follows.delete(event.id);
  audit(sandbox, group, actor, 'group.event.delete', event.id, `${actor.displayName} deleted the event ${event.title}.`);
  return messages.calendarEventDeleted;
}

/**
 * Changes an event for a holder of group-calendar-manage. A new start must lie in the future and a
 * move to another month meets that month's limit; the event is re-filed under its new month in the
 * same synchronous step as the check.
 */
export function updateCalendarEvent(
  sandbox: Sandbox,
  actor: UserRecord,
  groupId: string,
  calendarId: string,
  body: unknown,
): CalendarEvent {
  const group = findCalendarGroup(sandbox, groupId);
  requireGroupAccess(sandbox, group, actor, 'updateGroupCalendarEvent');
  const event = findEvent(sandbox, group.id, calendarId);
  if (!event) throw new ApiError(404, messages.calendarEntryNotFound);
  const { sendCreationNotification: _notify, ...changes } = parseInput(UpdateCalendarEventRequestSchema, body);
  if (changes.roleIds?.some((roleId) => !group.roles.some((role) => role.id === roleId))) {
    throw new ApiError(400, messages.calendarUnknownRoles);
  }
  const startsAt = changes.startsAt === undefined ? event.startsAt : new Date(changes.startsAt).toISOString();
  const endsAt = changes.endsAt === undefined ? event.endsAt : new Date(changes.endsAt).toISOString();
  if (Date.parse(endsAt) <= Date.parse(startsAt)) throw new ApiError(400, messages.calendarEndsBeforeStart);
  if (changes.startsAt !== undefined && Date.parse(startsAt) <= sandbox.clock.now()) throw new ApiError(400, messages.calendarStartInPast);
  const moves = monthOf(startsAt) !== monthOf(event.startsAt);
  if (moves && eventsInMonth(sandbox, group.id, monthOf(startsAt)) >= MONTHLY_EVENT_LIMIT) {
    throw new ApiError(403, messages.calendarMonthlyLimit);
  }
  removeCalendarEvent(sandbox, event);
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) (event as Record<string, unknown>)[field] = value;
  Object.assign(event, { startsAt, endsAt, updatedAt: isoNow(sandbox.clock) });
  putCalendarEvent(sandbox, event);
  audit(sandbox, group, actor, 'group.event.update', event.id, `${actor.displayName} changed the event ${event.title}.`);
  return calendarEventViewFor(sandbox, actor.id)(event);
}

const FollowSchema = lazy(() => z.object({ isFollowing: z.boolean() }));

/** Following counts the viewer among the interested; the event then shows up in /calendar/following. */
export function followCalendarEvent(
  sandbox: Sandbox,
  actor: UserRecord,
  groupId: string,
  calendarId: string,
  body: unknown,
): CalendarEvent {
  const { event } = visibleEvent(sandbox, actor, groupId, calendarId);
  const { isFollowing } = parseInput(FollowSchema, body);
  let follows = sandbox.calendarFollows.get(actor.id);
  if (!follows) sandbox.calendarFollows.set(actor.id, (follows = new Map()));
  const was = follows.has(event.id);
  if (isFollowing && !was) {
    follows.set(event.id, groupId);
    event.interestedUserCount = (event.interestedUserCount ?? 0) + 1;
  } else if (!isFollowing && was) {
    follows.delete(event.id);
    event.interestedUserCount = Math.max(0, (event.interestedUserCount ?? 0) - 1);
  }
  return calendarEventViewFor(sandbox, actor.id)(event);
}

/** `20260115T120000Z` from an ISO time. */
const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');

/** Text escaped as RFC 5545 TEXT values are, and folded at 75 octets. */
const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    parts.push(rest.slice(0, cut));
    rest = ' ' + rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n');
}

/** The event as an iCalendar document (RFC 5545): one VEVENT, CRLF line ends. */
export function calendarEventIcs(sandbox: Sandbox, actor: UserRecord, groupId: string, calendarId: string): string {
  const { group, event } = visibleEvent(sandbox, actor, groupId, calendarId);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//mock-api//group calendar//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${event.id}@mock-api`,
    `DTSTAMP:${icsTime(event.updatedAt)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `ORGANIZER;CN=${icsText(group.name).replace(/[:;"]/g, '')}:urn:mock-api:group:${group.id}`,
    `CATEGORIES:${icsText(event.category)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
