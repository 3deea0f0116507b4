import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { monthDate, type CalendarEvent, type CalendarEventList, type CalendarEventRecord } from '../../store/records/calendar.js';
import type { GroupRecord } from '../../store/records/groups.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams, queryBool, queryInt, queryList } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import { audienceOf, bucketsBetween, monthOf, type Audience } from '../../store/indexes/calendar.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { calendarEventViewFor, viewerAudience } from './calendar.js';

/** How far ahead search looks, in months from the current one: a generated world holds years of events. */
export const CALENDAR_SEARCH_MONTHS = 12;

const MonthQuerySchema = lazy(() => z.object({ date: monthDate.optional(), ...pageParams() }));

const byStart = (a: CalendarEventRecord, b: CalendarEventRecord) =>
  a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The matching events of a query, by month: each month is sorted only when a page reads it. */
interface Matches {
  byMonth: Map<number, CalendarEventRecord[]>;
  total: number;
}

/**
 * Every event of the months [from, to] in the given groups that the viewer may see and `keep` keeps.
 * Kept by month and sorted per month on demand: a large generated world's search window holds a large
 * share of its events, and sorting them all to answer one page is far too slow.
 */
function visibleEvents(
  sandbox: Sandbox,
  viewerId: string,
  groups: Iterable<GroupRecord>,
  from: number,
  to: number,
  keep: (event: CalendarEventRecord) => boolean = () => true,
): Matches {
  const byMonth = new Map<number, CalendarEventRecord[]>();
  let total = 0;
  for (const group of groups) {
    if (!sandbox.calendarByGroup.has(group.id)) continue;
    const audience: Audience | undefined = viewerAudience(sandbox, group, viewerId);
    if (audience === undefined) continue;
    for (const bucket of bucketsBetween(sandbox, group.id, from, to)) {
      for (const event of bucket.events) {
        if (audienceOf(event) > audience || !keep(event)) continue;
        let list = byMonth.get(bucket.month);
        if (!list) byMonth.set(bucket.month, (list = []));
        list.push(event);
        total++;
      }
    }
  }
  return { byMonth, total };
}

/** Events [offset, offset + n) of the matches in start order. */
function slice(matches: Matches, offset: number, n: number): CalendarEventRecord[] {
  const page: CalendarEventRecord[] = [];
  let skip = offset;
  for (const month of [...matches.byMonth.keys()].sort((a, b) => a - b)) {
    if (page.length >= n) break;
    const events = matches.byMonth.get(month)!;
    if (skip >= events.length) {
      skip -= events.length;
      continue;
    }
    events.sort(byStart);
    page.push(...events.slice(skip, skip + n - page.length));
    skip = 0;
  }
  return page;
}

function pageOf(sandbox: Sandbox, viewerId: string, matches: Matches, query: { n: number; offset: number }): CalendarEventList {
  const results = slice(matches, query.offset, query.n).map(calendarEventViewFor(sandbox, viewerId));
  return { hasNext: query.offset + results.length < matches.total, results, totalCount: matches.total };
}

const monthOfQuery = (sandbox: Sandbox, date: string | undefined) =>
  date === undefined
    ? monthOf(isoNow(sandbox.clock))
    : monthOf(date.length <= 10 ? `${date.slice(0, 7)}-01T00:00:00.000Z` : new Date(date).toISOString());

/** The requester's own groups (member or owner). */
function ownGroups(sandbox: Sandbox, viewerId: string): GroupRecord[] {
  const groups: GroupRecord[] = [];
  for (const group of sandbox.groups.values()) {
    if (group.ownerId === viewerId || sandbox.groupMembersByGroup.get(group.id)?.get(viewerId)?.membershipStatus === 'member') {
      groups.push(group);
    }
  }
  return groups;
}

/** GET /calendar: the events of the requester's groups in a month (the current one by default). */
export function listMyCalendar(sandbox: Sandbox, actor: UserRecord, rawQuery: unknown): CalendarEventList {
  const query = parseInput(MonthQuerySchema, rawQuery);
  const month = monthOfQuery(sandbox, query.date);
  return pageOf(sandbox, actor.id, visibleEvents(sandbox, actor.id, ownGroups(sandbox, actor.id), month, month), query);
}

/** Served without a session too, as the live service serves them: an anonymous caller sees what a stranger sees. */
const viewerIdOf = (viewer: UserRecord | undefined) => viewer?.id ?? '';

/** GET /calendar/featured: featured events of any group, as the requester (or anyone) may see them, in a month. */
export function listFeaturedCalendar(sandbox: Sandbox, viewer: UserRecord | undefined, rawQuery: unknown): CalendarEventList {
  const query = parseInput(MonthQuerySchema, rawQuery);
  const month = monthOfQuery(sandbox, query.date);
  const events = visibleEvents(sandbox, viewerIdOf(viewer), sandbox.groups.values(), month, month, (e) => e.featured === true);
  return pageOf(sandbox, viewerIdOf(viewer), events, query);
}

/** GET /calendar/following: the events the requester follows, in a month when `date` is given. */
export function listFollowedCalendar(sandbox: Sandbox, actor: UserRecord, rawQuery: unknown): CalendarEventList {
  const query = parseInput(MonthQuerySchema, rawQuery);
  const month = query.date === undefined ? undefined : monthOfQuery(sandbox, query.date);
  const follows = sandbox.calendarFollows.get(actor.id) ?? new Map<string, string>();
  const groups = new Set([...follows.values()].map((id) => sandbox.groups.get(id)).filter((g) => g !== undefined));
  const events = visibleEvents(sandbox, actor.id, groups, month ?? 0, month ?? Number.MAX_SAFE_INTEGER, (e) => follows.has(e.id));
  return pageOf(sandbox, actor.id, events, query);
}

const SearchQuerySchema = lazy(() =>
  z.object({
    searchTerm: z.string().trim().min(1),
    utcOffset: queryInt(-12, 12).optional(),
    isInternalVariant: queryBool().optional(),
    ...pageParams(),
  }),
);

/**
 * GET /calendar/search: events from the current month on (CALENDAR_SEARCH_MONTHS ahead) whose title,
 * description or a tag contains the term, ignoring case.
 */
export function searchCalendar(sandbox: Sandbox, actor: UserRecord, rawQuery: unknown): CalendarEventList {
  const query = parseInput(SearchQuerySchema, rawQuery);
  // A plain search of lower-cased text: a pattern built from the term fails past V8's size for one
  // (a 100,000-character term was a 500).
  const term = query.searchTerm.toLowerCase();
  const has = (text: string) => text.toLowerCase().includes(term);
  const month = monthOf(isoNow(sandbox.clock));
  const events = visibleEvents(
    sandbox,
    actor.id,
    sandbox.groups.values(),
    month,
    month + CALENDAR_SEARCH_MONTHS,
    (e) => has(e.title) || has(e.description) || (e.tags ?? []).some(has),
  );
  return pageOf(sandbox, actor.id, events, query);
}

const Inclusion = () => z.enum(['exclude', 'include', 'skip']).optional();

export const DiscoverQuerySchema = lazy(() =>
  z.object({
    scope: z.enum(['all', 'live', 'upcoming']).default('all'),
    categories: queryList().optional(),
    tags: queryList().optional(),
    featuredResults: Inclusion(),
    nonFeaturedResults: Inclusion(),
    personalizedResults: Inclusion(),
    minimumInterestCount: queryInt(0).optional(),
    minimumRemainingMinutes: queryInt(0).optional(),
    upcomingOffsetMinutes: queryInt(0).default(10080),
    n: queryInt(1, 100).default(60),
    nextCursor: z.string().regex(/^\d*$/, 'must be a cursor from an earlier page').optional(),
  }),
);

const MINUTE = 60_000;

/**
 * GET /calendar/discover: events live now or starting within upcomingOffsetMinutes, narrowed by the
 * query; `exclude`/`skip` drop featured, non-featured or personalized (own groups', followed) events.
 * The cursor is where the next page starts; empty on the last page.
 */
export function discoverCalendar(
  sandbox: Sandbox,
  viewer: UserRecord | undefined,
  rawQuery: unknown,
): { nextCursor: string; results: CalendarEvent[] } {
  const viewerId = viewerIdOf(viewer);
  const query = parseInput(DiscoverQuerySchema, rawQuery);
  const now = sandbox.clock.now();
  const until = now + query.upcomingOffsetMinutes * MINUTE;
  const mine = new Set(ownGroups(sandbox, viewerId).map((g) => g.id));
  const follows = sandbox.calendarFollows.get(viewerId);
  const drop = (inclusion: string | undefined) => inclusion === 'exclude' || inclusion === 'skip';
  const from = monthOf(new Date(now).toISOString()) - 1;
  const to = monthOf(new Date(until).toISOString());
  const events = visibleEvents(sandbox, viewerId, sandbox.groups.values(), from, to, (e) => {
    const starts = Date.parse(e.startsAt);
    const ends = Date.parse(e.endsAt);
    const live = starts <= now && ends > now;
    const upcoming = starts > now && starts <= until;
    if (query.scope === 'live' ? !live : query.scope === 'upcoming' ? !upcoming : !(live || upcoming)) return false;
    if (query.minimumRemainingMinutes !== undefined && ends - now < query.minimumRemainingMinutes * MINUTE) return false;
    if (query.minimumInterestCount !== undefined && (e.interestedUserCount ?? 0) < query.minimumInterestCount) return false;
    if (query.categories && !query.categories.includes(e.category)) return false;
    if (query.tags && !(e.tags ?? []).some((tag) => query.tags!.includes(tag))) return false;
    if (e.featured ? drop(query.featuredResults) : drop(query.nonFeaturedResults)) return false;
    if (drop(query.personalizedResults) && (mine.has(e.ownerId) || follows?.has(e.id))) return false;
    return true;
  });
  const offset = query.nextCursor ? Number(query.nextCursor) : 0;
  const results = slice(events, offset, query.n).map(calendarEventViewFor(sandbox, viewerId));
  const next = offset + results.length;
  return { nextCursor: next < events.total ? String(next) : '', results };
}
