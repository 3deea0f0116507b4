import type { CalendarEventRecord } from '../records/calendar.js';
import { forEachRun, recipeEvent, recipeEventPlace, roundMonth, visibilityAt, type CalendarRecipe } from '../recipes/calendar.js';
import type { RecipeEdits } from '../recipes/recipes.js';
import { WatchedMap } from '../watched-map.js';

/**
 * Who is looking at a group's calendar, from least to most entitled. Each sees the events of its
 * own level and below: outsiders public published events, members every published event, managers drafts too.
 */
export const Audience = { outsider: 0, member: 1, manager: 2 } as const;
export type Audience = (typeof Audience)[keyof typeof Audience];

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;

/**
 * The UTC month of a `toISOString()` time as one number (year * 12 + month - 1), read from the
 * text without allocating: building a sandbox indexes a million of them.
 */
export const monthOf = (isoTime: string) =>
  (digit(isoTime, 0) * 1000 + digit(isoTime, 1) * 100 + digit(isoTime, 2) * 10 + digit(isoTime, 3)) * 12 +
  digit(isoTime, 5) * 10 +
  digit(isoTime, 6) -
  1;

/** The least entitled audience that sees the event. */
export function audienceOf(event: Pick<CalendarEventRecord, 'accessType' | 'isDraft'>): Audience {
  if (event.isDraft) return Audience.manager;
  return event.accessType === 'public' ? Audience.outsider : Audience.member;
}

/** Told what changes in a bucket once a `--db` save has written it (see changedCalendar). */
export interface BucketWatcher {
  /** A write read the events: it may have changed any of them in place. */
  eventsRead(): void;
  /** A run of a recipe was added. */
  runAdded(): void;
  /** An event was inserted (true) or removed (false). */
  eventMoved(event: CalendarEventRecord, present: boolean): void;
}

const compareEvents = (a: CalendarEventRecord, b: CalendarEventRecord) =>
  a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * One group's events starting in one UTC month, sorted by startsAt then id, with how many of them
 * each audience sees. The monthly limit keeps a bucket small, so filtering one is cheap; whole
 * buckets are skipped by their counts. A generated sandbox's events wait here as a run of their
 * recipe, counted but not made, until something reads `events`: most buckets are never read.
 */
export class MonthBucket {
  /** How many of the events outsiders see (public, published). */
  outsiders = 0;
  /** How many of the events members see (published). Managers see them all. */
  members = 0;
  private made: CalendarEventRecord[] | undefined;
  private recipe: CalendarRecipe | undefined;
  private from = 0;
  private to = 0;
  /** Numbers of the run its recipe no longer makes here: changed (a record stands in) or deleted. */
  private skip: ReadonlySet<number> | undefined;
  private skipped = 0;
  watcher: BucketWatcher | undefined = undefined;

  /** See monthOf. */
  constructor(readonly month: number) {}

  get events(): CalendarEventRecord[] {
    this.watcher?.eventsRead();
    return this.allEvents();
  }

  /** The events, made if need be, telling no watcher: the bucket's own reads. */
  private allEvents(): CalendarEventRecord[] {
    const made = (this.made ??= []);
    if (this.recipe) {
      for (let i = this.from; i < this.to; i++) if (!this.skip?.has(i)) made.push(recipeEvent(this.recipe, i));
      this.recipe = undefined;
      if (made.length > 1) made.sort(compareEvents);
    }
    return made;
  }

  /** How many events (drafts included) the bucket holds, made or not. */
  get size(): number {
    return (this.made?.length ?? 0) + (this.recipe ? this.to - this.from - this.skipped : 0);
  }

  /** The events made so far, and the run of a recipe still to make (its numbers but `skip`), without making it. */
  unmade(): {
    made: readonly CalendarEventRecord[];
    run?: { recipe: CalendarRecipe; from: number; to: number; skip?: ReadonlySet<number> };
  } {
    const made = this.made ?? [];
    if (!this.recipe) return { made };
    return { made, run: { recipe: this.recipe, from: this.from, to: this.to, skip: this.skip } };
  }

  /** Adds an event in its place. */
  insert(event: CalendarEventRecord): void {
    const events = this.allEvents();
    events.splice(
      upperBound(events, (other) => compareEvents(other, event) <= 0),
      0,
      event,
    );
    this.count(event);
    this.watcher?.eventMoved(event, true);
  }

  /** Adds events [from, to) of the recipe but those in `skip`: counted now, made on the first read. */
  addRun(recipe: CalendarRecipe, from: number, to: number, skip?: ReadonlySet<number>): void {
    this.watcher?.runAdded();
    if (this.recipe) this.allEvents(); // a second run in one bucket: make the first rather than keep two
    this.skipped = 0;
    for (let i = from; i < to; i++) {
      if (skip?.has(i)) this.skipped++;
      else this.count(visibilityAt(recipe, i));
    }
    this.recipe = recipe;
    this.from = from;
    this.to = to;
    this.skip = skip;
  }

  /** Takes an event out; false when the bucket does not hold it. */
  remove(event: CalendarEventRecord): boolean {
    const events = this.allEvents();
    const at = events.indexOf(event);
    if (at === -1) return false;
    events.splice(at, 1);
    this.count(event, -1);
    this.watcher?.eventMoved(event, false);
    return true;
  }

  private count(event: Pick<CalendarEventRecord, 'accessType' | 'isDraft'>, by = 1): void {
    const audience = audienceOf(event);
    if (audience <= Audience.outsider) this.outsiders += by;
    if (audience <= Audience.member) this.members += by;
  }
}

export interface CalendarIndex {
  /** groupId -> that group's month buckets, ascending: what the monthly limit and the list read. */
  readonly calendarByGroup: Map<string, MonthBucket[]>;
  /** The recipes the sandbox's generated events come from. */
  readonly calendarRecipes: readonly CalendarRecipe[];
}

/**
 * Indexes the events, and the runs of any recipes without making their events. With `edits` (from
 * a database file), an event whose id a recipe makes stands in for the recipe's.
 */
export function indexCalendarEvents(
  events: CalendarEventRecord[],
  recipes: readonly CalendarRecipe[] = [],
  edits?: RecipeEdits,
): CalendarIndex {
  const index: CalendarIndex = { calendarByGroup: new WatchedMap(), calendarRecipes: recipes };
  for (const event of events) bucketFor(index, event.ownerId, monthOf(event.startsAt)).insert(event);
  const skips = edits ? notMadeByRecipes(recipes, [...events.map((event) => event.id), ...edits.gone]) : new Map();
  for (const recipe of recipes) {
    const skip = skips.get(recipe);
    forEachRun(recipe, (group, round, from, to) => {
      bucketFor(index, recipe.groupIds[group]!, roundMonth(recipe, round)).addRun(recipe, from, to, skip);
    });
  }
  return index;
}

/** Per recipe, the numbers of its events among `ids`. */
function notMadeByRecipes(recipes: readonly CalendarRecipe[], ids: readonly string[]): Map<CalendarRecipe, Set<number>> {
  const skips = new Map<CalendarRecipe, Set<number>>();
  for (const id of ids) {
    const place = recipeEventPlace(recipes, id);
    if (!place) continue;
    const [recipe, number] = place;
    let skip = skips.get(recipe);
    if (!skip) skips.set(recipe, (skip = new Set()));
    skip.add(number);
  }
  return skips;
}

const visibleIn = (bucket: MonthBucket, audience: Audience) =>
  audience === Audience.outsider ? bucket.outsiders : audience === Audience.member ? bucket.members : bucket.size;

/** The group's bucket for a month, created in its place if missing. */
function bucketFor(index: CalendarIndex, groupId: string, month: number): MonthBucket {
  let buckets = index.calendarByGroup.get(groupId);
  if (!buckets) index.calendarByGroup.set(groupId, (buckets = []));
  // Events mostly arrive month by month (generated ones, a client creating ahead): try the last bucket first.
  const last = buckets[buckets.length - 1];
  if (last?.month === month) return last;
  const at = last === undefined || last.month < month ? buckets.length : upperBound(buckets, (bucket) => bucket.month < month);
  let bucket = buckets[at];
  if (bucket?.month !== month) buckets.splice(at, 0, (bucket = new MonthBucket(month)));
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
  return findBucket(index, groupId, month)?.size ?? 0;
}

/** Adds one event in its place. */
export function putCalendarEvent(index: CalendarIndex, event: CalendarEventRecord): void {
  bucketFor(index, event.ownerId, monthOf(event.startsAt)).insert(event);
}

/** Takes every event of the group out, as one by one (so a saved sandbox records each as gone); answers them. */
export function removeGroupCalendar(index: CalendarIndex, groupId: string): CalendarEventRecord[] {
  const events = (index.calendarByGroup.get(groupId) ?? []).flatMap((bucket) => [...bucket.events]);
  for (const event of events) removeCalendarEvent(index, event);
  return events;
}

/** Takes one event out of its month. */
export function removeCalendarEvent(index: CalendarIndex, event: CalendarEventRecord): void {
  findBucket(index, event.ownerId, monthOf(event.startsAt))?.remove(event);
}

/** The group's buckets whose month lies in [from, to] (see monthOf), ascending. */
export function bucketsBetween(index: CalendarIndex, groupId: string, from: number, to: number): MonthBucket[] {
  const buckets = index.calendarByGroup.get(groupId) ?? [];
  const result: MonthBucket[] = [];
  for (let k = upperBound(buckets, (b) => b.month < from); k < buckets.length && buckets[k]!.month <= to; k++) result.push(buckets[k]!);
  return result;
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
  bucket: MonthBucket;
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
    // Only the buckets a page reads are made: the ones before it are skipped by their counts.
    const { bucket, from } = slice;
    const events = bucket.events;
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
    let slice: Slice = { bucket, from: 0, size: visibleIn(bucket, query.audience) };
    if (bucket.month === afterMonth) {
      const events = bucket.events;
      const from = upperBound(events, (e) => e.startsAt <= after!);
      let size = 0;
      for (let i = from; i < events.length; i++) if (audienceOf(events[i]!) <= query.audience) size++;
      slice = { bucket, from, size };
    }
    if (slice.size > 0) slices.push(slice);
  }
  return slices;
}
