import * as z from 'zod';
import { queryInt } from '../../schema/query.js';
import { idOf, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

export const CalendarEventAccess = lazy(() => z.enum(['group', 'public']));
export const CALENDAR_EVENT_CATEGORIES = [
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
] as const;
export const CalendarEventCategory = lazy(() => z.enum(CALENDAR_EVENT_CATEGORIES));
export const CalendarEventOccurrenceKind = lazy(() => z.enum(['occurrence', 'series', 'single']));
export const CalendarEventPlatform = lazy(() => z.enum(['android', 'ios', 'standalonewindows']));
export const CalendarDayOfWeek = lazy(() => z.enum(['FR', 'MO', 'SA', 'SU', 'TH', 'TU', 'WE']));

const FIRST_TIME = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_TIME = Date.parse('9999-12-31T23:59:59.999Z');
const YEAR_RANGE = 'must fall within the years 0000 to 9999 in UTC';

/**
 * Within years 0000-9999 once in UTC: `9999-12-31T23:30:00-01:00` is year 10000, whose `toISOString()`
 * form (`+010000-...`) neither orders as a string nor has the month where monthOf reads it. What does
 * not parse at all is left to the format check.
 */
const inYearRange = (value: string) => {
  const time = Date.parse(value);
  return Number.isNaN(time) || (time >= FIRST_TIME && time <= LAST_TIME);
};

/** RFC 3339 date-time with a zone (`Z` or an offset), as the API's date-time fields take them. */
export const dateTime = () => z.iso.datetime({ offset: true, error: 'must be a date-time' }).refine(inYearRange, YEAR_RANGE);

/** A fixture's timestamp, stored in the canonical `toISOString()` form so stored times order as strings. */
const storedDateTime = () => dateTime().transform((value) => new Date(value).toISOString());

export const CalendarEventRecurrenceSchema = lazy(() =>
  z.object({
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
  }),
);

export const CalendarUserInterestSchema = lazy(() =>
  z.object({
    createdAt: z.string(),
    updatedAt: z.string(),
    isFollowing: z.boolean(),
  }),
);

/** The CalendarEvent of section 2 as responses carry it: every field present. */
export const CalendarEventSchema = lazy(() =>
  z.object({
    id: idOf('cal'),
    /** The series an occurrence belongs to; null for a single event, as the real API answers. */
    seriesId: idOf('cal').nullable(),
    ownerId: idOf('grp'),
    accessType: CalendarEventAccess,
    category: CalendarEventCategory,
    occurrenceKind: CalendarEventOccurrenceKind,
    type: z.string(),
    title: z.string().min(1),
    description: z.string(),
    imageId: idOf('file').nullable(),
    imageUrl: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    deletedAt: z.string().nullable(),
    durationInMs: z.number().int(),
    closeInstanceAfterEndMinutes: z.number().int(),
    guestEarlyJoinMinutes: z.number().int(),
    hostEarlyJoinMinutes: z.number().int(),
    interestedUserCount: z.number().int(),
    featured: z.boolean(),
    isDraft: z.boolean(),
    occurrenceModified: z.boolean(),
    usesInstanceOverflow: z.boolean(),
    languages: z.array(z.string()),
    platforms: z.array(CalendarEventPlatform),
    tags: z.array(z.string()),
    roleIds: z.array(idOf('grol')).nullable(),
    recurrence: CalendarEventRecurrenceSchema.nullable(),
    userInterest: CalendarUserInterestSchema,
  }),
);
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

/**
 * The value of every field a stored event may leave out. A view fills them in, so a million stored
 * events need not each carry twenty copies of the same nothing.
 */
export const calendarEventDefaults = Object.freeze({
  seriesId: null,
  occurrenceKind: 'single',
  type: 'event',
  imageId: null,
  imageUrl: null,
  deletedAt: null,
  closeInstanceAfterEndMinutes: 0,
  guestEarlyJoinMinutes: 0,
  hostEarlyJoinMinutes: 0,
  interestedUserCount: 0,
  featured: false,
  isDraft: false,
  occurrenceModified: false,
  usesInstanceOverflow: false,
  languages: Object.freeze([]) as unknown as string[],
  platforms: Object.freeze([]) as unknown as CalendarEvent['platforms'],
  tags: Object.freeze([]) as unknown as string[],
  roleIds: Object.freeze([]) as unknown as string[],
  recurrence: null,
} satisfies Omit<CalendarEvent, RecordedField | 'durationInMs' | 'userInterest'>);

/** The fields every stored event carries. */
type RecordedField =
  'id' | 'ownerId' | 'accessType' | 'category' | 'title' | 'description' | 'startsAt' | 'endsAt' | 'createdAt' | 'updatedAt';

/**
 * What the sandbox stores of an event: the fields every event records, and any of the others that
 * differ from calendarEventDefaults. durationInMs and userInterest are derived by the view.
 * Times are kept in `toISOString()` form, so stored times order as strings.
 */
export const CalendarEventRecordSchema = lazy(() =>
  CalendarEventSchema.omit({ durationInMs: true, userInterest: true })
    .partial()
    .extend({
      id: idOf('cal'),
      ownerId: idOf('grp'),
      accessType: CalendarEventAccess.default('public'),
      category: CalendarEventCategory.default('other'),
      title: z.string().min(1),
      description: text(),
      startsAt: storedDateTime(),
      endsAt: storedDateTime(),
      createdAt: timestamp(),
      updatedAt: timestamp(),
    })
    .refine((event) => event.endsAt > event.startsAt, { message: 'must be after startsAt', path: ['endsAt'] }),
);
export type CalendarEventRecord = z.infer<typeof CalendarEventRecordSchema>;

export const CalendarEventListSchema = lazy(() =>
  z.object({
    hasNext: z.boolean(),
    results: z.array(CalendarEventSchema),
    totalCount: z.number().int(),
  }),
);
export type CalendarEventList = z.infer<typeof CalendarEventListSchema>;

/** The OpenAPI's optional fields of an event, the same when it is created and when it is changed. */
const optionalEventFields = () => ({
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
});

/** POST /calendar/{groupId}/event: the description's seven fields plus the OpenAPI's optional ones. */
export const CreateCalendarEventRequestSchema = lazy(() =>
  z
    .object({
      accessType: CalendarEventAccess,
      category: CalendarEventCategory,
      description: z.string().min(1),
      endsAt: dateTime(),
      sendCreationNotification: z.boolean(),
      startsAt: dateTime(),
      title: z.string().min(1).max(64),
      ...optionalEventFields(),
    })
    .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
      message: 'must be after startsAt',
      path: ['endsAt'],
      when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'startsAt' && issue.path?.[0] !== 'endsAt'),
    }),
);

export const CalendarSort = lazy(() => z.enum(['ascending', 'descending']));
export type CalendarSort = z.infer<typeof CalendarSort>;

const isoDate = lazy(() => z.iso.date());

/**
 * `YYYY-MM`, `YYYY-MM-DD` or a date-time with a zone: the month to list. The day must exist in its month
 * (Date.parse would read 2026-02-30 as 2 March) and the hour be 00-23.
 */
export const monthDate = lazy(() =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2}(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?)?$/, 'must be a date-time')
    .refine(
      (value) => value.length === 7 || (isoDate.safeParse(value.slice(0, 10)).success && !Number.isNaN(Date.parse(value))),
      'must be a date-time',
    )
    .refine(inYearRange, YEAR_RANGE),
);

/** GET /calendar/{groupId} query. */
export const CalendarListQuerySchema = lazy(() =>
  z.object({
    date: monthDate.optional(),
    n: queryInt(1, 100).default(60),
    offset: queryInt(0).default(0),
    limit: queryInt(1).optional(),
    after: dateTime().optional(),
    sort: CalendarSort.default('ascending'),
  }),
);

/** PUT /calendar/{groupId}/{calendarId}/event: the create fields, each optional. */
export const UpdateCalendarEventRequestSchema = lazy(() =>
  z.object({
    accessType: CalendarEventAccess.optional(),
    category: CalendarEventCategory.optional(),
    description: z.string().min(1).optional(),
    endsAt: dateTime().optional(),
    startsAt: dateTime().optional(),
    title: z.string().min(1).max(64).optional(),
    sendCreationNotification: z.boolean().optional(),
    ...optionalEventFields(),
  }),
);
