import type { Faker } from '@faker-js/faker';
import { CalendarEventCategory, type CalendarEventRecord } from '../schemas/calendar.js';
import type { WorldData } from './fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Generated events start in the months from here on: some past, most upcoming, for any recent clock. */
const FIRST_MONTH = { year: 2025, month: 6 };
const MIN_MONTHS = 24;
/** Stay well under the monthly limit, so every generated group can still create events. */
const MAX_PER_GROUP_MONTH = 50;
const CATEGORIES = CalendarEventCategory.options;

/**
 * Adds `count` seeded events, spread round-robin over data.groups and over the months from
 * mid-2025 on, at most 50 per group and month. Built for millions: plain objects, a handful of
 * faker calls up front, then a small seeded generator per record.
 */
export function generateCalendarEvents(faker: Faker, data: WorldData, count: number): void {
  const groups = data.groups;
  if (groups.length === 0 || count <= 0) return;
  const random = mulberry32(faker.number.int({ max: 0xffffffff }));
  const idBase = faker.string.uuid().slice(0, 24);
  const titles = Array.from({ length: 64 }, () => `${faker.word.adjective()} ${faker.word.noun()}`.replace(/^./, (c) => c.toUpperCase()));
  const descriptions = Array.from({ length: 16 }, () => faker.lorem.sentence());
  const perGroup = Math.ceil(count / groups.length);
  const monthSpan = Math.max(MIN_MONTHS, Math.ceil(perGroup / MAX_PER_GROUP_MONTH));
  const monthStarts = Array.from({ length: monthSpan }, (_, m) => Date.UTC(FIRST_MONTH.year, FIRST_MONTH.month + m, 1));
  const createdAts = monthStarts.map((start) => new Date(start - 30 * DAY).toISOString());
  const events = data.calendarEvents;
  for (let i = 0; i < count; i++) {
    const group = groups[i % groups.length]!;
    const month = Math.floor(i / groups.length) % monthSpan;
    const startMs = monthStarts[month]! + Math.floor(random() * 28) * DAY + (12 + Math.floor(random() * 10)) * HOUR;
    const r = random();
    const createdAt = createdAts[month]!;
    const event: CalendarEventRecord = {
      id: `cal_${idBase}${i.toString(16).padStart(12, '0')}`,
      seriesId: null,
      ownerId: group.id,
      accessType: r < 0.8 ? 'public' : 'group',
      category: CATEGORIES[i % CATEGORIES.length]!,
      occurrenceKind: 'single',
      type: 'event',
      title: titles[i % titles.length]!,
      description: descriptions[i % descriptions.length]!,
      imageId: null,
      imageUrl: null,
      startsAt: new Date(startMs).toISOString(),
      endsAt: new Date(startMs + (1 + (i % 3)) * HOUR).toISOString(),
      createdAt,
      updatedAt: createdAt,
      deletedAt: null,
      closeInstanceAfterEndMinutes: 0,
      guestEarlyJoinMinutes: 5,
      hostEarlyJoinMinutes: 15,
      interestedUserCount: Math.floor(r * 40),
      featured: r > 0.99,
      isDraft: r > 0.95,
      occurrenceModified: false,
      usesInstanceOverflow: false,
      languages: ['eng'],
      platforms: ['standalonewindows'],
      tags: [],
      roleIds: [],
      recurrence: null,
    };
    events.push(event);
  }
}

/** A tiny seeded generator: faker per record would take seconds for a million events. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
