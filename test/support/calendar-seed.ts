import { CalendarEventRecordSchema, type CalendarEventRecord } from '../../src/store/records/calendar.js';
import type { SandboxData } from '../../src/store/fixtures/fixtures.js';

/** The default world's calendar events, as the README lists them. */
export const events = {
  /** Builders Guild, public, 2026-01-10 (before the test clock's 2026-01-15). */
  buildNight: 'cal_00000001-0000-4000-8000-000000000001',
  /** Builders Guild, public, 2026-02-07. */
  jamKickoff: 'cal_00000001-0000-4000-8000-000000000002',
  /** Builders Guild, members only (accessType group), 2026-02-12. */
  editorsSync: 'cal_00000001-0000-4000-8000-000000000003',
  /** Builders Guild, public draft, 2026-03-21. */
  springShowcase: 'cal_00000001-0000-4000-8000-000000000004',
  /** Night Owls, public, 2026-02-01. */
  midnightHangout: 'cal_00000002-0000-4000-8000-000000000001',
} as const;

/** A valid create body: the description's seven fields, on a date after the test clock's 2026-01-15T12:00Z. */
export const openMicEvent = {
  accessType: 'public',
  category: 'music',
  description: 'Live sets from the members.',
  endsAt: '2026-05-10T22:00:00.000Z',
  sendCreationNotification: false,
  startsAt: '2026-05-10T20:00:00.000Z',
  title: 'Open Mic',
};

let serial = 0;

/**
 * Adds `count` events to a group's calendar, one an hour from `firstStart` on, and returns them
 * in start order. For use inside `testSandbox(tweak)`.
 */
export function seedEvents(data: SandboxData, groupId: string, firstStart: string, count: number): CalendarEventRecord[] {
  const seeded: CalendarEventRecord[] = [];
  for (let i = 0; i < count; i++) {
    const start = Date.parse(firstStart) + i * 3_600_000;
    serial++;
    seeded.push(
      CalendarEventRecordSchema.parse({
        id: `cal_eeeeeeee-0000-4000-8000-${serial.toString(16).padStart(12, '0')}`,
        ownerId: groupId,
        title: `Seeded event ${i + 1}`,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 1_800_000).toISOString(),
      }),
    );
  }
  data.calendarEvents.push(...seeded);
  return seeded;
}
