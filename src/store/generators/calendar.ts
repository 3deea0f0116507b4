import type { Faker } from '@faker-js/faker';
import type { SandboxData } from '../fixtures/fixtures.js';
import { forEachRun, recipeEvent, type CalendarRecipe } from '../recipes/calendar.js';
import type { SandboxDataWithRecipes } from '../recipes/recipes.js';

/** Generated events start in the months from here on: some past, most upcoming, for any recent clock. */
const FIRST_MONTH = { year: 2025, month: 6 };
const MIN_MONTHS = 24;
/** Stay well under the monthly limit, so every generated group can still create events. */
const MAX_PER_GROUP_MONTH = 50;

/**
 * Plans `count` seeded events, spread evenly over data.groups (group by group) and over the months
 * from mid-2025 on, at most 50 per group and month: a handful of faker calls up front, then a recipe
 * that makes each event when a read first needs it (`src/store/recipes/calendar.ts`). Built for millions: the
 * sandbox indexes the plan without making the events.
 */
export function planCalendarEvents(faker: Faker, data: SandboxData, count: number): void {
  const recipe = calendarRecipe(faker, data, count);
  if (recipe) ((data as SandboxDataWithRecipes).calendarRecipes ??= []).push(recipe);
}

/** The same events as planCalendarEvents, made at once and added to data.calendarEvents. */
export function generateCalendarEvents(faker: Faker, data: SandboxData, count: number): void {
  const recipe = calendarRecipe(faker, data, count);
  if (!recipe) return;
  forEachRun(recipe, (_group, _round, from, to) => {
    for (let i = from; i < to; i++) data.calendarEvents.push(recipeEvent(recipe, i));
  });
}

function calendarRecipe(faker: Faker, data: SandboxData, count: number): CalendarRecipe | undefined {
  const groups = data.groups;
  if (groups.length === 0 || count <= 0) return undefined;
  const seed = faker.number.int({ max: 0xffffffff });
  const idPrefix = `cal_${faker.string.uuid().slice(0, 24)}`;
  const titles = Array.from({ length: 64 }, () => `${faker.word.adjective()} ${faker.word.noun()}`.replace(/^./, (c) => c.toUpperCase()));
  const descriptions = Array.from({ length: 16 }, () => faker.lorem.sentence());
  const perGroup = Math.ceil(count / groups.length);
  const monthSpan = Math.max(MIN_MONTHS, Math.ceil(perGroup / MAX_PER_GROUP_MONTH));
  return {
    seed,
    idPrefix,
    titles,
    descriptions,
    groupIds: groups.map((group) => group.id),
    count,
    perGroup,
    perMonth: Math.ceil(perGroup / monthSpan),
    firstYear: FIRST_MONTH.year,
    firstMonth: FIRST_MONTH.month,
  };
}
