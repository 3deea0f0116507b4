import { MonthBucket, monthOf } from '../indexes/calendar.js';
import type { CalendarEventRecord } from '../records/calendar.js';

/** A log key of one group's month: `<groupId>@<month>` (see monthOf). */
export const CALENDAR_MONTH = 'calendarMonth';

export const calendarMonthKey = (groupId: string, month: number) => `${groupId}@${month}`;

/** The CALENDAR_MONTH key of a saved event (as `toJson` wrote it). */
export const calendarMonthOf = (event: Record<string, unknown>) =>
  typeof event.ownerId === 'string' && typeof event.startsAt === 'string'
    ? calendarMonthKey(event.ownerId, monthOf(event.startsAt))
    : undefined;

/** Whether writes are running in the world: only a write can change what it reads. */
export interface Writes {
  readonly depth: number;
}

const SAVED = Symbol('saved');
const WRITES = Symbol('writes');
const MOVED = Symbol('moved');
const INSIDE = Symbol('inside');

/**
 * A month bucket that knows what changed in it since a save wrote it: the events inserted and
 * removed since, or, once a write has read its events (and may have changed any of them in
 * place), everything. Installed on a live bucket by changing its prototype once a save has written it.
 */
class WatchedBucket extends MonthBucket {
  /** Nothing changed but the events in MOVED. */
  declare [SAVED]: boolean;
  declare [WRITES]: Writes;
  /** Each event inserted (true) or removed (false) since the save, as it stands last. */
  declare [MOVED]: Map<CalendarEventRecord, boolean>;
  declare [INSIDE]: boolean;

  override get events(): CalendarEventRecord[] {
    if (!this[INSIDE] && this[WRITES].depth > 0) this[SAVED] = false;
    return super.events;
  }

  override insert(event: CalendarEventRecord): void {
    this[INSIDE] = true;
    try {
      super.insert(event);
    } finally {
      this[INSIDE] = false;
    }
    this[MOVED].set(event, true);
  }

  override remove(event: CalendarEventRecord): boolean {
    this[INSIDE] = true;
    try {
      if (!super.remove(event)) return false;
    } finally {
      this[INSIDE] = false;
    }
    this[MOVED].set(event, false);
    return true;
  }

  override addRun(...args: Parameters<MonthBucket['addRun']>): void {
    this[SAVED] = false;
    super.addRun(...args);
  }
}

function watch(bucket: MonthBucket, writes: Writes): WatchedBucket {
  const watched = bucket as WatchedBucket;
  if (!(bucket instanceof WatchedBucket)) {
    Object.setPrototypeOf(bucket, WatchedBucket.prototype);
    watched[WRITES] = writes;
    watched[INSIDE] = false;
  }
  watched[MOVED] = new Map();
  watched[SAVED] = true;
  return watched;
}

/** What a save writes of one group's calendar: the events under `key` of `by`, every one of them. */
export interface CalendarPiece {
  by: string;
  key: string;
  records: CalendarEventRecord[];
}

/**
 * What a save must write of a group's calendar, so that a write costs what it changed, not the
 * group's whole calendar: each event inserted or removed since the last save by itself, and each
 * month a write read (and so may have changed in place) with every event it holds now. A group
 * whose months no save has seen yet (or whose calendar is gone) is written whole, by its id.
 */
export function changedCalendar(buckets: readonly MonthBucket[] | undefined, groupId: string, writes: Writes): CalendarPiece[] {
  if (buckets === undefined) return [{ by: 'ownerId', key: groupId, records: [] }];
  const seen = buckets as { [SAVED]?: boolean };
  if (seen[SAVED] !== true) {
    seen[SAVED] = true;
    const records = buckets.flatMap((bucket) => watch(bucket, writes).events);
    return [{ by: 'ownerId', key: groupId, records }];
  }
  const months: CalendarPiece[] = [];
  // An event moved between months is removed from one and inserted into another: it stays.
  const moved = new Map<CalendarEventRecord, boolean>();
  for (const bucket of buckets) {
    const watched = bucket as WatchedBucket;
    if (watched[SAVED] === true) {
      for (const [event, present] of watched[MOVED]) if (present || !moved.has(event)) moved.set(event, present);
      watched[MOVED].clear();
    } else {
      months.push({ by: CALENDAR_MONTH, key: calendarMonthKey(groupId, bucket.month), records: watch(bucket, writes).events });
    }
  }
  const inMonths = new Set(months.flatMap((piece) => piece.records));
  const pieces = [...months];
  // Months first: a month written whole must not take out an event inserted into it by id.
  for (const [event, present] of moved) if (present) pieces.push({ by: 'id', key: event.id, records: [event] });
  for (const [event, present] of moved) if (!present && !inMonths.has(event)) pieces.push({ by: 'id', key: event.id, records: [] });
  return pieces;
}
