import { MonthBucket, monthOf } from '../indexes/calendar.js';
import type { CalendarEventRecord } from '../records/calendar.js';

/** A log key of one group's month: `<groupId>@<month>` (see monthOf). */
export const CALENDAR_MONTH = 'calendarMonth';

export const calendarMonthKey = (groupId: string, month: number) => `${groupId}@${month}`;

/** The CALENDAR_MONTH key of a saved event (as `toJson` wrote it). */
export const calendarMonthOf = (event: Record<string, unknown>) =>
  typeof event.ownerId === 'string' && typeof event.startsAt === 'string' ? calendarMonthKey(event.ownerId, monthOf(event.startsAt)) : undefined;

const SAVED = Symbol('saved');

/**
 * A month bucket that knows whether it still holds what the last save wrote of it: anything that
 * may change it (an insert, a removal, a read of its events, which a write may then change in
 * place) says it does not. Installed on a live bucket by changing its prototype once a save has
 * written it.
 */
class WatchedBucket extends MonthBucket {
  declare [SAVED]: boolean;

  override get events(): CalendarEventRecord[] {
    this[SAVED] = false;
    return super.events;
  }

  override insert(event: CalendarEventRecord): void {
    this[SAVED] = false;
    super.insert(event);
  }

  override remove(event: CalendarEventRecord): boolean {
    this[SAVED] = false;
    return super.remove(event);
  }

  override addRun(...args: Parameters<MonthBucket['addRun']>): void {
    this[SAVED] = false;
    super.addRun(...args);
  }
}

/** What a save writes of one group's calendar: the events under `key` of `by`, every one of them. */
export interface CalendarPiece {
  by: string;
  key: string;
  records: CalendarEventRecord[];
}

/**
 * What a save must write of a group's calendar, so that a write to one month costs that month, not
 * the group's whole calendar: each month changed since the last save, with every event it holds
 * now. A group whose months no save has seen yet (or whose calendar is gone) is written whole, by
 * its id; each month written counts as saved from then on.
 */
export function changedCalendar(buckets: readonly MonthBucket[] | undefined, groupId: string): CalendarPiece[] {
  if (buckets === undefined) return [{ by: 'ownerId', key: groupId, records: [] }];
  const seen = buckets as { [SAVED]?: boolean };
  const whole = seen[SAVED] !== true;
  seen[SAVED] = true;
  const changed: CalendarPiece[] = [];
  for (const bucket of buckets) {
    const watched = bucket as WatchedBucket;
    if (!whole && watched[SAVED] === true) continue;
    changed.push({ by: CALENDAR_MONTH, key: calendarMonthKey(groupId, bucket.month), records: bucket.events });
    if (!(bucket instanceof WatchedBucket)) Object.setPrototypeOf(bucket, WatchedBucket.prototype);
    watched[SAVED] = true;
  }
  return whole ? [{ by: 'ownerId', key: groupId, records: changed.flatMap((piece) => piece.records) }] : changed;
}
