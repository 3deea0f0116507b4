import { CALENDAR_EVENT_CATEGORIES, type CalendarEventRecord } from '../records/calendar.js';
import { seededRandomAt } from '../random.js';
import { countOfId, countedId } from '../ids.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Events start within a month's first 28 days, between 12:00 and 20:00 UTC, and last one to three hours. */
const DAYS = 28;

/**
 * What it takes to make a generated calendar's events one by one, in any order: a million events
 * cost a few plain numbers and strings until a read needs them. Plain data, so a sandbox's data with
 * it still clones and compares as data.
 */
export interface CalendarRecipe {
  /** Event i takes the draws 3i, 3i+1 and 3i+2 of seededRandom(seed). */
  seed: number;
  idPrefix: string;
  titles: string[];
  descriptions: string[];
  /** perGroup events each, in this order: events [g * perGroup, (g + 1) * perGroup) are groupIds[g]'s. */
  groupIds: string[];
  count: number;
  perGroup: number;
  /** A group's events fill its months in order, perMonth each, from `firstMonth` (Date.UTC's 0-based month) on. */
  perMonth: number;
  firstYear: number;
  firstMonth: number;
}

/** The UTC start of the month that a group's events of round `round` start in. */
const roundStart = (recipe: CalendarRecipe, round: number) => Date.UTC(recipe.firstYear, recipe.firstMonth + round, 1);

/** That month as calendar-index's monthOf numbers it (year * 12 + 0-based month). */
export const roundMonth = (recipe: CalendarRecipe, round: number) => recipe.firstYear * 12 + recipe.firstMonth + round;

const roundOf = (recipe: CalendarRecipe, i: number) => Math.floor((i % recipe.perGroup) / recipe.perMonth);

/** The draw that decides an event's access and draft state (see visibilityAt). */
const visibilityDraw = (recipe: CalendarRecipe, i: number) => seededRandomAt(recipe.seed, 3 * i + 2);
const accessTypeOf = (r: number) => (r < 0.8 ? 'public' : 'group');
const isDraftOf = (r: number) => r > 0.95;

/** Who may see event i, without making it. */
export function visibilityAt(recipe: CalendarRecipe, i: number): Pick<CalendarEventRecord, 'accessType' | 'isDraft'> {
  const r = visibilityDraw(recipe, i);
  return { accessType: accessTypeOf(r), isDraft: isDraftOf(r) };
}

/**
 * The times a round's events start, end and were created at, formatted once per recipe and round and
 * shared by its events, as the made-at-once generator always did: a snapshot makes a million events.
 */
const roundTimes = new WeakMap<CalendarRecipe, { hours: string[]; createdAt: string }[]>();

function timesOf(recipe: CalendarRecipe, round: number) {
  let rounds = roundTimes.get(recipe);
  if (!rounds) roundTimes.set(recipe, (rounds = []));
  let times = rounds[round];
  if (!times) {
    const monthStart = roundStart(recipe, round);
    times = rounds[round] = {
      hours: Array.from({ length: DAYS * 24 }, (_, h) => new Date(monthStart + h * HOUR).toISOString()),
      createdAt: new Date(monthStart - 30 * DAY).toISOString(),
    };
  }
  return times;
}

/** Which of `recipes` makes the event `id`, and as which of its events. */
export function recipeEventPlace(recipes: readonly CalendarRecipe[], id: string): [CalendarRecipe, number] | undefined {
  for (const recipe of recipes) {
    const number = countOfId(recipe.idPrefix, recipe.count, id);
    if (number !== undefined) return [recipe, number];
  }
  return undefined;
}

/** Event i of the recipe; the same record whenever it is made. Only the fields that vary: the view supplies the rest. */
export function recipeEvent(recipe: CalendarRecipe, i: number): CalendarEventRecord {
  const { hours, createdAt } = timesOf(recipe, roundOf(recipe, i));
  const start = Math.floor(seededRandomAt(recipe.seed, 3 * i) * DAYS) * 24 + 12 + Math.floor(seededRandomAt(recipe.seed, 3 * i + 1) * 9);
  const r = visibilityDraw(recipe, i);
  return {
    id: countedId(recipe.idPrefix, i),
    ownerId: recipe.groupIds[Math.floor(i / recipe.perGroup)]!,
    accessType: accessTypeOf(r),
    category: CALENDAR_EVENT_CATEGORIES[i % CALENDAR_EVENT_CATEGORIES.length]!,
    title: recipe.titles[i % recipe.titles.length]!,
    description: recipe.descriptions[i % recipe.descriptions.length]!,
    startsAt: hours[start]!,
    endsAt: hours[start + 1 + (i % 3)]!,
    createdAt,
    updatedAt: createdAt,
    interestedUserCount: Math.floor(r * 40),
    isDraft: isDraftOf(r),
  };
}

/**
 * Calls `visit` for each run of events that share a group and a month, in order: events [from, to)
 * of groupIds[group], starting in round `round` (see roundMonth).
 */
export function forEachRun(recipe: CalendarRecipe, visit: (group: number, round: number, from: number, to: number) => void): void {
  for (let group = 0; group * recipe.perGroup < recipe.count; group++) {
    const end = Math.min(recipe.count, (group + 1) * recipe.perGroup);
    for (let from = group * recipe.perGroup, round = 0; from < end; from += recipe.perMonth, round++) {
      visit(group, round, from, Math.min(end, from + recipe.perMonth));
    }
  }
}
