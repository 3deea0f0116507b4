import { monthOf, type BucketWatcher, type MonthBucket } from '../indexes/calendar.js';
import type { CalendarEventRecord } from '../records/calendar.js';

/** A log key of one group's month: `<groupId>@<month>` (see monthOf). */
export const CALENDAR_MONTH = 'calendarMonth';

export const calendarMonthKey = (groupId: string, month: number) => `${groupId}@${month}`;

/** The CALENDAR_MONTH key of a saved event (as `toJson` wrote it). */
export const calendarMonthOf = (event: Record<string, unknown>) =>
  typeof event.ownerId === 'string' && typeof event.startsAt === 'string'
    ? calendarMonthKey(event.ownerId, monthOf(event.startsAt))
    : undefined;

/** The tracker as a calendar's save sees it. */
export interface Writes {
  /** Writes running now: only a write can change what it reads. */
  readonly depth: number;
  /** The groups' lists of buckets a save has written since the tracker began. */
  readonly calendarsSaved: WeakSet<readonly MonthBucket[]>;
}

/**
 * What changed in one month bucket since a save wrote it: the events inserted and removed since,
 * or, once a write has read its events (and may have changed any of them in place), everything.
 */
class BucketChanges implements BucketWatcher {
  /** Nothing changed but the events in `moved`. */
  saved = true;
  /** Each event inserted (true) or removed (false) since the save, as it stands last. */
  readonly moved = new Map<CalendarEventRecord, boolean>();

  constructor(private readonly writes: Writes) {}

  eventsRead(): void {
    if (this.writes.depth > 0) this.saved = false;
  }

  runAdded(): void {
    this.saved = false;
  }

  eventMoved(event: CalendarEventRecord, present: boolean): void {
    this.moved.set(event, present);
  }
}

/** The bucket's changes start afresh: a save is writing it now. */
function watch(bucket: MonthBucket, writes: Writes): MonthBucket {
  bucket.watcher = new BucketChanges(writes);
  return bucket;
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
  if (!writes.calendarsSaved.has(buckets)) {
    writes.calendarsSaved.add(buckets);
    const records = buckets.flatMap((bucket) => watch(bucket, writes).events);
    return [{ by: 'ownerId', key: groupId, records }];
  }
  const months: CalendarPiece[] = [];
  // An event moved between months is removed from one and inserted into another: it stays.
  const moved = new Map<CalendarEventRecord, boolean>();
  for (const bucket of buckets) {
    const changes = bucket.watcher as BucketChanges | undefined;
    if (changes?.saved) {
      for (const [event, present] of changes.moved) if (present || !moved.has(event)) moved.set(event, present);
      changes.moved.clear();
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
