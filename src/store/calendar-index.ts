import type { CalendarEventRecord } from '../schemas/calendar.js';

/**
 * Who is looking at a group's calendar, from least to most entitled. Each sees the events of its
 * own level and below: outsiders public published events, members every published event, managers drafts too.
 */
export const Audience = { outsider: 0, member: 1, manager: 2 } as const;
export type Audience = (typeof Audience)[keyof typeof Audience];

/** One group's events starting in one UTC month, sorted by startsAt then id, once per audience. */
export interface MonthBucket {
  readonly views: [CalendarEventRecord[], CalendarEventRecord[], CalendarEventRecord[]];
}

export interface GroupCalendar {
  /** `YYYY-MM` (UTC month of startsAt) -> bucket. */
  readonly months: Map<string, MonthBucket>;
  /** The keys of `months`, ascending. */
  readonly monthKeys: string[];
}

export interface CalendarIndex {
  readonly calendarEvents: Map<string, CalendarEventRecord>;
  /** groupId -> that group's events by month: what the monthly limit and the list read. */
  readonly calendarByGroup: Map<string, GroupCalendar>;
}

/** The UTC month an event counts in; stored times are `toISOString()` strings, so a prefix. */
export const monthKeyOf = (isoTime: string) => isoTime.slice(0, 7);

/** The least entitled audience that sees the event. */
export function audienceOf(event: CalendarEventRecord): Audience {
  if (event.isDraft) return Audience.manager;
  return event.accessType === 'public' ? Audience.outsider : Audience.member;
}

const compareEvents = (a: CalendarEventRecord, b: CalendarEventRecord) =>
  a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export function indexCalendarEvents(events: CalendarEventRecord[]): CalendarIndex {
  const index: CalendarIndex = { calendarEvents: new Map(), calendarByGroup: new Map() };
  for (const event of events) {
    index.calendarEvents.set(event.id, event);
    const bucket = bucketFor(index, event.ownerId, monthKeyOf(event.startsAt), false);
    for (let level = audienceOf(event); level <= Audience.manager; level++) bucket.views[level]!.push(event);
  }
  for (const calendar of index.calendarByGroup.values()) {
    calendar.monthKeys.sort();
    for (const bucket of calendar.months.values()) for (const view of bucket.views) view.sort(compareEvents);
  }
  return index;
}

/**
 * The group's bucket for a month, created if missing. While indexing in bulk the month keys are
 * appended and sorted once at the end; a single insert puts its key in place.
 */
function bucketFor(index: CalendarIndex, groupId: string, monthKey: string, keepKeysSorted: boolean): MonthBucket {
  let calendar = index.calendarByGroup.get(groupId);
  if (!calendar) index.calendarByGroup.set(groupId, (calendar = { months: new Map(), monthKeys: [] }));
  let bucket = calendar.months.get(monthKey);
  if (!bucket) {
    calendar.months.set(monthKey, (bucket = { views: [[], [], []] }));
    const at = keepKeysSorted ? upperBound(calendar.monthKeys, (key) => key < monthKey) : calendar.monthKeys.length;
    calendar.monthKeys.splice(at, 0, monthKey);
  }
  return bucket;
}

/** How many events (drafts included) the group holds starting in the month. */
export function eventsInMonth(index: CalendarIndex, groupId: string, monthKey: string): number {
  return index.calendarByGroup.get(groupId)?.months.get(monthKey)?.views[Audience.manager].length ?? 0;
}

/** Adds one event, keeping every view and the month keys in order. */
export function putCalendarEvent(index: CalendarIndex, event: CalendarEventRecord): void {
  index.calendarEvents.set(event.id, event);
  const bucket = bucketFor(index, event.ownerId, monthKeyOf(event.startsAt), true);
  for (let level = audienceOf(event); level <= Audience.manager; level++) {
    const view = bucket.views[level]!;
    view.splice(upperBound(view, (other) => compareEvents(other, event) <= 0), 0, event);
  }
}

/** The first index whose item fails `before` (items satisfying it come first). */
export function upperBound<T>(items: readonly T[], before: (item: T) => boolean, from = 0): number {
  let lo = from;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(items[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface CalendarQuery {
  audience: Audience;
  /** Only this month (`YYYY-MM`); every month when absent. */
  monthKey?: string;
  /** Only events starting strictly after this `toISOString()` time. */
  after?: string;
  descending: boolean;
  offset: number;
  n: number;
  /** At most this many matching entries are considered: totalCount never exceeds it. */
  limit?: number;
}

/**
 * One page of a group's events and the total it is a page of. Costs the number of the group's
 * months plus the page, whatever the number of events.
 */
export function queryCalendar(index: CalendarIndex, groupId: string, query: CalendarQuery) {
  const calendar = index.calendarByGroup.get(groupId);
  const slices: { view: CalendarEventRecord[]; from: number }[] = [];
  let matching = 0;
  if (calendar) {
    const keys = query.monthKey === undefined ? calendar.monthKeys : [query.monthKey];
    const afterMonth = query.after === undefined ? undefined : monthKeyOf(query.after);
    const first = afterMonth === undefined ? 0 : upperBound(keys, (key) => key < afterMonth);
    for (let k = first; k < keys.length; k++) {
      const view = calendar.months.get(keys[k]!)?.views[query.audience];
      if (!view?.length) continue;
      const after = query.after;
      const from = after !== undefined && keys[k] === afterMonth ? upperBound(view, (e) => e.startsAt <= after) : 0;
      if (from === view.length) continue;
      slices.push({ view, from });
      matching += view.length - from;
    }
  }
  const totalCount = Math.min(matching, query.limit ?? matching);
  const results: CalendarEventRecord[] = [];
  const wanted = Math.max(0, Math.min(query.n, totalCount - query.offset));
  if (query.descending) slices.reverse();
  let skip = query.offset;
  for (const { view, from } of slices) {
    if (results.length === wanted) break;
    const size = view.length - from;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    const take = Math.min(size - skip, wanted - results.length);
    for (let i = 0; i < take; i++) {
      results.push(query.descending ? view[view.length - 1 - skip - i]! : view[from + skip + i]!);
    }
    skip = 0;
  }
  return { results, totalCount, hasNext: query.offset + results.length < totalCount };
}
