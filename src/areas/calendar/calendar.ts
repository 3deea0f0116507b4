import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import {
  calendarEventDefaults,
  CalendarEventSchema,
  CalendarListQuerySchema,
  CreateCalendarEventRequestSchema,
  type CalendarEvent,
  type CalendarEventList,
  type CalendarEventRecord,
} from '../../store/records/calendar.js';
import type { GroupRecord } from '../../store/records/groups.js';
import { viewOf } from '../../schema/view.js';
import type { UserRecord } from '../../store/records/user.js';
import { Audience, eventsInMonth, monthOf, putCalendarEvent, queryCalendar } from '../../store/indexes/calendar.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { audit, hasGroupPermission, isGroupMember, requireGroupId } from '../groups/public.js';
import { guardGrowth } from '../../store/growth.js';

/** Events one group may hold starting in one UTC calendar month (drafts included). */
export const MONTHLY_EVENT_LIMIT = 100;
export const CALENDAR_PERMISSION = 'group-calendar-manage';

const makeCalendarEventView = viewOf('CalendarEvent', CalendarEventSchema, {
  computed: ['durationInMs', 'userInterest'],
  defaults: calendarEventDefaults,
});

/** The event as a viewer sees it: the stored fields over the defaults, plus what is derived from them. */
export function calendarEventView(event: CalendarEventRecord, isFollowing = false): CalendarEvent {
  return makeCalendarEventView(event, {
    durationInMs: Date.parse(event.endsAt) - Date.parse(event.startsAt),
    userInterest: { createdAt: event.createdAt, updatedAt: event.updatedAt, isFollowing },
  });
}

/** The event as `viewerId` sees it, their following of it included. */
export const calendarEventViewFor = (sandbox: Sandbox, viewerId: string) => (event: CalendarEventRecord) =>
  calendarEventView(event, sandbox.calendarFollows.get(viewerId)?.has(event.id) ?? false);

/**
 * Creates an event on a group's calendar for a user holding the calendar permission. The monthly
 * limit counts the events starting in the same UTC month as the new one; the check and the insert
 * happen in one synchronous step, so parallel requests cannot pass it together.
 */
export function createCalendarEvent(sandbox: Sandbox, actor: UserRecord, groupId: string, body: unknown): CalendarEventRecord {
  const group = findCalendarGroup(sandbox, groupId);
  if (!hasGroupPermission(sandbox, groupId, actor.id, CALENDAR_PERMISSION)) {
    throw new ApiError(403, messages.calendarCreateForbidden);
  }
  const request = parseInput(CreateCalendarEventRequestSchema, body);
  if (request.roleIds?.some((roleId) => !group.roles.some((role) => role.id === roleId))) {
    throw new ApiError(400, messages.calendarUnknownRoles);
  }
  const startsAt = new Date(request.startsAt).toISOString();
  if (Date.parse(startsAt) <= sandbox.clock.now()) throw new ApiError(400, messages.calendarStartInPast);
  if (eventsInMonth(sandbox, groupId, monthOf(startsAt)) >= MONTHLY_EVENT_LIMIT) {
    throw new ApiError(403, messages.calendarMonthlyLimit);
  }
  guardGrowth(sandbox, 'calendarEvents', groupId);
  const now = isoNow(sandbox.clock);
  const event: CalendarEventRecord = {
    id: newId('cal'),
    seriesId: null,
    ownerId: groupId,
    accessType: request.accessType,
    category: request.category,
    occurrenceKind: 'single',
    type: 'event',
    title: request.title,
    description: request.description,
    imageId: request.imageId ?? null,
    imageUrl: null,
    startsAt,
    endsAt: new Date(request.endsAt).toISOString(),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    closeInstanceAfterEndMinutes: request.closeInstanceAfterEndMinutes ?? 0,
    guestEarlyJoinMinutes: request.guestEarlyJoinMinutes ?? 0,
    hostEarlyJoinMinutes: request.hostEarlyJoinMinutes ?? 0,
    interestedUserCount: 0,
    featured: request.featured ?? false,
    isDraft: request.isDraft ?? false,
    occurrenceModified: false,
    usesInstanceOverflow: request.usesInstanceOverflow ?? false,
    languages: request.languages ?? [],
    platforms: request.platforms ?? [],
    tags: request.tags ?? [],
    roleIds: request.roleIds ?? [],
    recurrence: null,
  };
  putCalendarEvent(sandbox, event);
  audit(sandbox, group, actor, 'group.event.create', event.id, `${actor.displayName} created the event ${event.title}.`);
  return event;
}

/**
 * Who sees what of a group's calendar: calendar managers every event, drafts included; members
 * every published event; anyone else the published public events of a group that is not private.
 */
export function audienceFor(sandbox: Sandbox, group: GroupRecord, userId: string): Audience {
  const audience = viewerAudience(sandbox, group, userId);
  if (audience === undefined) throw new ApiError(403, messages.groupNotMember);
  return audience;
}

/** As audienceFor, but undefined for an outsider of a private group, who sees none of its events. */
export function viewerAudience(sandbox: Sandbox, group: GroupRecord, userId: string): Audience | undefined {
  if (hasGroupPermission(sandbox, group.id, userId, CALENDAR_PERMISSION)) return Audience.manager;
  if (group.ownerId === userId || isGroupMember(sandbox, group.id, userId)) return Audience.member;
  if (group.privacy === 'private') return undefined;
  return Audience.outsider;
}

/** `YYYY-MM`, `YYYY-MM-DD` or a zoned date-time, already validated, to its UTC month. */
const monthOfDate = (date: string) => monthOf(date.length <= 10 ? date : new Date(date).toISOString());

/**
 * A page of a group's events ordered by startsAt (`sort` ascending or descending). `date` narrows to
 * its UTC month, otherwise every month counts; `after` keeps events starting strictly later; `limit`
 * caps how many matching entries the list is made of, so totalCount never exceeds it.
 */
export function listCalendarEvents(sandbox: Sandbox, actor: UserRecord, groupId: string, rawQuery: unknown): CalendarEventList {
  const group = findCalendarGroup(sandbox, groupId);
  const audience = audienceFor(sandbox, group, actor.id);
  const query = parseInput(CalendarListQuerySchema, rawQuery);
  const page = queryCalendar(sandbox, groupId, {
    audience,
    month: query.date === undefined ? undefined : monthOfDate(query.date),
    after: query.after === undefined ? undefined : new Date(query.after).toISOString(),
    descending: query.sort === 'descending',
    offset: query.offset,
    n: query.n,
    limit: query.limit,
  });
  return { hasNext: page.hasNext, results: page.results.map(calendarEventViewFor(sandbox, actor.id)), totalCount: page.totalCount };
}

/**
 * The group whose calendar the path names: an id of the wrong form is refused first, as for every group
 * operation; the calendar of an unknown group is an unknown calendar entry, as the description words it.
 */
export function findCalendarGroup(sandbox: Sandbox, groupId: string): GroupRecord {
  requireGroupId(groupId);
  const group = sandbox.groups.get(groupId);
  if (!group) throw new ApiError(404, messages.calendarEntryNotFound);
  return group;
}
