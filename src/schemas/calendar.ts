import { z } from 'zod';
import { count, flag, idOf, strings, text, timestamp } from './common.js';

export const CalendarEventAccess = z.enum(['group', 'public']);
export const CalendarEventCategory = z.enum([
  'arts',
  'avatars',
  'dance',
  'education',
  'exploration',
  'film_media',
  'gaming',
  'hangout',
  'music',
  'other',
  'performance',
  'roleplaying',
  'wellness',
]);
export const CalendarEventOccurrenceKind = z.enum(['occurrence', 'series', 'single']);
export const CalendarEventPlatform = z.enum(['android', 'ios', 'standalonewindows']);
export const CalendarDayOfWeek = z.enum(['FR', 'MO', 'SA', 'SU', 'TH', 'TU', 'WE']);

/** RFC 3339 date-time with a zone (`Z` or an offset), as the API's date-time fields take them. */
export const dateTime = () => z.iso.datetime({ offset: true, error: 'must be a date-time' });

/** A fixture's timestamp, stored in the canonical `toISOString()` form so stored times order as strings. */
const storedDateTime = () => dateTime().transform((value) => new Date(value).toISOString());

export const CalendarEventRecurrenceSchema = z.object({
  daysOfWeek: z.array(CalendarDayOfWeek).optional(),
  end: z
    .object({
      count: z.number().int().min(1).optional(),
      /** Local date-time without a zone. */
      date: z.string().optional(),
      type: z.enum(['afterDate', 'afterOccurrences']),
    })
    .optional(),
  frequency: z.enum(['daily', 'monthly', 'weekly', 'yearly']),
  interval: z.number().int().min(1),
  timezone: z.string(),
});

export const CalendarUserInterestSchema = z.object({
  createdAt: z.string(),
  updatedAt: z.string(),
  isFollowing: z.boolean(),
});

/** The CalendarEvent of section 2 as responses carry it: every field present. */
export const CalendarEventSchema = z.object({
  id: idOf('cal'),
  /** The series an occurrence belongs to; null for a single event, as the real API answers. */
  seriesId: idOf('cal').nullable().default(null),
  ownerId: idOf('grp'),
  accessType: CalendarEventAccess.default('public'),
  category: CalendarEventCategory.default('other'),
  occurrenceKind: CalendarEventOccurrenceKind.default('single'),
  type: z.string().default('event'),
  title: z.string().min(1),
  description: text(),
  imageId: idOf('file').nullable().default(null),
  imageUrl: z.string().nullable().default(null),
  startsAt: z.string(),
  endsAt: z.string(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  deletedAt: z.string().nullable().default(null),
  durationInMs: z.number().int(),
  closeInstanceAfterEndMinutes: count(),
  guestEarlyJoinMinutes: count(),
  hostEarlyJoinMinutes: count(),
  interestedUserCount: count(),
  featured: flag(),
  isDraft: flag(),
  occurrenceModified: flag(),
  usesInstanceOverflow: flag(),
  languages: strings(),
  platforms: z.array(CalendarEventPlatform).default(() => []),
  tags: strings(),
  roleIds: z.array(idOf('grol')).nullable().default(() => []),
  recurrence: CalendarEventRecurrenceSchema.nullable().default(null),
  userInterest: CalendarUserInterestSchema,
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

/**
 * What the world stores of an event: the response fields except those a view derives
 * (durationInMs from the times, userInterest per viewer). Times are kept in `toISOString()` form.
 */
export const CalendarEventRecordSchema = CalendarEventSchema.omit({ durationInMs: true, userInterest: true })
  .extend({ startsAt: storedDateTime(), endsAt: storedDateTime() })
  .refine((event) => event.endsAt > event.startsAt, { message: 'must be after startsAt', path: ['endsAt'] });
export type CalendarEventRecord = z.infer<typeof CalendarEventRecordSchema>;

export const CalendarEventListSchema = z.object({
  hasNext: z.boolean(),
  results: z.array(CalendarEventSchema),
  totalCount: z.number().int(),
});
export type CalendarEventList = z.infer<typeof CalendarEventListSchema>;

/** POST /calendar/{groupId}/event: the description's seven fields plus the OpenAPI's optional ones. */
export const CreateCalendarEventRequestSchema = z
  .object({
    accessType: CalendarEventAccess,
    category: CalendarEventCategory,
    description: z.string().min(1),
    endsAt: dateTime(),
    sendCreationNotification: z.boolean(),
    startsAt: dateTime(),
    title: z.string().min(1).max(64),
    closeInstanceAfterEndMinutes: z.number().int('must be an integer').min(0).optional(),
    featured: z.boolean().optional(),
    guestEarlyJoinMinutes: z.number().int('must be an integer').min(0).optional(),
    hostEarlyJoinMinutes: z.number().int('must be an integer').min(0).optional(),
    imageId: idOf('file').optional(),
    isDraft: z.boolean().optional(),
    languages: z.array(z.string().min(1)).max(3).optional(),
    platforms: z.array(CalendarEventPlatform).optional(),
    roleIds: z.array(idOf('grol')).optional(),
    tags: z.array(z.string().min(1).max(100)).max(5).optional(),
    usesInstanceOverflow: z.boolean().optional(),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: 'must be after startsAt',
    path: ['endsAt'],
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'startsAt' && issue.path?.[0] !== 'endsAt'),
  });
export type CreateCalendarEventRequest = z.infer<typeof CreateCalendarEventRequestSchema>;

export const CalendarSort = z.enum(['ascending', 'descending']);
export type CalendarSort = z.infer<typeof CalendarSort>;

/** `YYYY-MM`, `YYYY-MM-DD` or a date-time with a zone: the month to list. */
const monthDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?)?$/, 'must be a date-time')
  .refine((value) => !Number.isNaN(Date.parse(value.length === 7 ? `${value}-01` : value)), 'must be a date-time');

const queryInt = (min: number, max?: number) => {
  const int = z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be an integer' : undefined) })
    .int('must be an integer')
    .min(min);
  return max === undefined ? int : int.max(max);
};

/** GET /calendar/{groupId} query. */
export const CalendarListQuerySchema = z.object({
  date: monthDate.optional(),
  n: queryInt(1, 100).default(60),
  offset: queryInt(0).default(0),
  limit: queryInt(1).optional(),
  after: dateTime().optional(),
  sort: CalendarSort.default('ascending'),
});
export type CalendarListQuery = z.infer<typeof CalendarListQuerySchema>;
