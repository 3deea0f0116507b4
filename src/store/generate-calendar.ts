import { seededRandom } from '../random.js';
import type { Faker } from '@faker-js/faker';
import { CalendarEventCategory } from '../schemas/calendar.js';
import type { WorldData } from './fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Generated events start in the months from here on: some past, most upcoming, for any recent clock. */
const FIRST_MONTH = { year: 2025, month: 6 };
const MIN_MONTHS = 24;
/** Events start within a month's first 28 days, between 12:00 and 20:00 UTC, and last one to three hours. */
const DAYS = 28;
/** Stay well under the monthly limit, so every generated group can still create events. */
const MAX_PER_GROUP_MONTH = 50;
const CATEGORIES = CalendarEventCategory.options;

/**
 * Adds `count` seeded events, spread evenly over data.groups (group by group, so a group's events sit
 * together and index in order) and over the months from mid-2025 on, at most 50 per group and month.
 * Built for millions: small plain objects, a handful of faker calls up front, then a small seeded
 * generator per record.
 */
export function generateCalendarEvents(faker: Faker, data: WorldData, count: number): void {
  const groups = data.groups;
  if (groups.length === 0 || count <= 0) return;
  const random = seededRandom(faker.number.int({ max: 0xffffffff }));
  const idPrefix = `cal_${faker.string.uuid().slice(0, 24)}`;
  const titles = Array.from({ length: 64 }, () => `${faker.word.adjective()} ${faker.word.noun()}`.replace(/^./, (c) => c.toUpperCase()));
  const descriptions = Array.from({ length: 16 }, () => faker.lorem.sentence());
  const perGroup = Math.ceil(count / groups.length);
  const monthSpan = Math.max(MIN_MONTHS, Math.ceil(perGroup / MAX_PER_GROUP_MONTH));
  const perMonth = Math.ceil(perGroup / monthSpan);
  // Every start and end falls on the hour of one of a month's first 28 days: format each such time once.
  const hours = Array.from({ length: monthSpan }, (_, m) => {
    const monthStart = Date.UTC(FIRST_MONTH.year, FIRST_MONTH.month + m, 1);
    return Array.from({ length: DAYS * 24 }, (_, h) => new Date(monthStart + h * HOUR).toISOString());
  });
  const createdAts = hours.map((month) => new Date(Date.parse(month[0]!) - 30 * DAY).toISOString());
  const events = data.calendarEvents;
  for (let i = 0; i < count; i++) {
    const group = groups[Math.floor(i / perGroup)]!;
    const round = Math.floor((i % perGroup) / perMonth);
    const month = hours[round]!;
    const start = Math.floor(random() * DAYS) * 24 + 12 + Math.floor(random() * 9);
    const r = random();
    // Only the fields that vary; the view supplies calendarEventDefaults for the rest.
    events.push({
      id: idPrefix + i.toString(16).padStart(12, '0'),
      ownerId: group.id,
      accessType: r < 0.8 ? 'public' : 'group',
      category: CATEGORIES[i % CATEGORIES.length]!,
      title: titles[i % titles.length]!,
      description: descriptions[i % descriptions.length]!,
      startsAt: month[start]!,
      endsAt: month[start + 1 + (i % 3)]!,
      createdAt: createdAts[round]!,
      updatedAt: createdAts[round]!,
      interestedUserCount: Math.floor(r * 40),
      isDraft: r > 0.95,
    });
  }
}
