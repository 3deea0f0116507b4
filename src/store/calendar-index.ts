import type { CalendarEventRecord } from '../schemas/calendar.js';

/**
 * Who is looking at a group's calendar, from least to most entitled. Each sees the events of its
 * own level and below: outsiders public published events, members every published event, managers drafts too.
 */
export const Audience = { outsider: 0, member: 1, manager: 2 } as const;
export type Audience = (typeof Audience)[keyof typeof Audience];

/**
 * One group's events starting in one UTC month, sorted by startsAt then id, with how many of them
 * each audience sees. The monthly limit keeps a bucket small, so filtering one is cheap; whole
 * buckets are skipped by their counts.
 */
export interface MonthBucket {
  /** See monthOf. */
  readonly month: number;
  readonly events: CalendarEventRecord[];
  /** How many of `events` outsiders see (public, published). */
  outsiders: number;
  /** How many of `events` members see (published). Managers see them all. */
  members: number;
}

export interface CalendarIndex {
  /** groupId -> that group's month buckets, ascending: what the monthly limit and the list read. */
  readonly calendarByGroup: Map<string, MonthBucket[]>;
}

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;

/**
 * The UTC month of a `toISOString()` time as one number (year * 12 + month - 1), read from the
 * text without allocating: building a world indexes a million of them.
 */
export const monthOf = (isoTime: string) =>
  (digit(isoTime, 0) * 1000 + digit(isoTime, 1) * 100 + digit(isoTime, 2) * 10 + digit(isoTime, 3)) * 12 +
  digit(isoTime, 5) * 10 +
  digit(isoTime, 6) -
  1;

/** The least entitled audience that sees the event. */
export function audienceOf(event: CalendarEventRecord): Audience {
  if (event.isDraft) return Audience.manager;
  return event.accessType === 'public' ? Audience.outsider : Audience.member;
}

const compareEvents = (a: CalendarEventRecord, b: CalendarEventRecord) =>
  a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export function indexCalendarEvents(events: CalendarEventRecord[]): CalendarIndex {
  const index: CalendarIndex = { calendarByGroup: new Map() };
  for (const event of events) {
    const bucket = bucketFor(index, event.ownerId, monthOf(event.startsAt));
    bucket.events.push(event);
    count(bucket, event);
  }
  for (const buckets of index.calendarByGroup.values()) {
    for (const bucket of buckets) if (bucket.events.length > 1) bucket.events.sort(compareEvents);
  }
  return index;
}

function count(bucket: MonthBucket, event: CalendarEventRecord) {
  const audience = audienceOf(event);
  if (audience <= Audience.outsider) bucket.outsiders++;
  if (audience <= Audience.member) bucket.members++;
}

const visibleIn = (bucket: MonthBucket, audience: Audience) =>
  audience === Audience.outsider ? bucket.outsiders : audience === Audience.member ? bucket.members : bucket.events.length;

/** The group's bucket for a month, created in its place if missing. */
function bucketFor(index: CalendarIndex, groupId: string, month: number): MonthBucket {
  let buckets = index.calendarByGroup.get(groupId);
  if (!buckets) index.calendarByGroup.set(groupId, (buckets = []));
  // Events mostly arrive month by month (generated ones, a client creating ahead): try the last bucket first.
  const last = buckets[buckets.length - 1];
  if (last?.month === month) return last;
  const at = last === undefined || last.month < month ? buckets.length : upperBound(buckets, (bucket) => bucket.month < month);
  let bucket = buckets[at];
  if (bucket?.month !== month) buckets.splice(at, 0, (bucket = { month, events: [], outsiders: 0, members: 0 }));
  return bucket;
}

function findBucket(index: CalendarIndex, groupId: string, month: number): MonthBucket | undefined {
  const buckets = index.calendarByGroup.get(groupId);
  if (!buckets) return undefined;
  const bucket = buckets[upperBound(buckets, (b) => b.month < month)];
  return bucket?.month === month ? bucket : undefined;
}

/** How many events (drafts included) the group holds starting in the month. */
export function eventsInMonth(index: CalendarIndex, groupId: string, month: number): number {
  return findBucket(index, groupId, month)?.events.length ?? 0;
}

/** Adds one event in its place. */
export function putCalendarEvent(index: CalendarIndex, event: CalendarEventRecord): void {
  const bucket = bucketFor(index, event.ownerId, monthOf(event.startsAt));
  bucket.events.splice(upperBound(bucket.events, (other) => compareEvents(other, event) <= 0), 0, event);
  count(bucket, event);
}

/** The first index whose item fails `before` (items satisfying it come first). */
export function upperBound<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0;
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
  /** Only this month (see monthOf); every month when absent. */
  month?: number;
  /** Only events starting strictly after this `toISOString()` time. */
  after?: string;
  descending: boolean;
  offset: number;
  n: number;
  /** At most this many matching entries are considered: totalCount never exceeds it. */
  limit?: number;
}

/** The part of one bucket a query reads: events from `from` on, `size` of them visible. */
interface Slice {
  events: CalendarEventRecord[];
  from: number;
  size: number;
}

/**
 * One page of a group's events and the total it is a page of. Costs the number of the group's
 * months plus a bucket or two plus the page, whatever the number of events.
 */
export function queryCalendar(index: CalendarIndex, groupId: string, query: CalendarQuery) {
  const slices = matchingSlices(index, groupId, query);
  const matching = slices.reduce((sum, slice) => sum + slice.size, 0);
  const totalCount = Math.min(matching, query.limit ?? matching);
  const wanted = Math.max(0, Math.min(query.n, totalCount - query.offset));
  const results: CalendarEventRecord[] = [];
  if (query.descending) slices.reverse();
  let skip = query.offset;
  for (const slice of slices) {
    if (results.length === wanted) break;
    if (skip >= slice.size) {
      skip -= slice.size;
      continue;
    }
    const { events, from } = slice;
    const step = query.descending ? -1 : 1;
    for (let i = query.descending ? events.length - 1 : from; i >= from && i < events.length; i += step) {
      const event = events[i]!;
      if (audienceOf(event) > query.audience) continue;
      if (skip > 0) skip--;
      else if (results.push(event) === wanted) break;
    }
  }
  return { results, totalCount, hasNext: query.offset + results.length < totalCount };
}

function matchingSlices(index: CalendarIndex, groupId: string, query: CalendarQuery): Slice[] {
  const slices: Slice[] = [];
  const all = index.calendarByGroup.get(groupId) ?? [];
  const only = query.month === undefined ? undefined : findBucket(index, groupId, query.month);
  const buckets = query.month === undefined ? all : only ? [only] : [];
  const after = query.after;
  const afterMonth = after === undefined ? undefined : monthOf(after);
  const first = afterMonth === undefined ? 0 : upperBound(buckets, (bucket) => bucket.month < afterMonth);
  for (let k = first; k < buckets.length; k++) {
    const bucket = buckets[k]!;
    let slice: Slice = { events: bucket.events, from: 0, size: visibleIn(bucket, query.audience) };
    if (bucket.month === afterMonth) {
      const from = upperBound(bucket.events, (e) => e.startsAt <= after!);
      let size = 0;
      for (let i = from; i < bucket.events.length; i++) if (audienceOf(bucket.events[i]!) <= query.audience) size++;
      slice = { events: bucket.events, from, size };
    }
    if (slice.size > 0) slices.push(slice);
  }
  return slices;
}
