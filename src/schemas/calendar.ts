import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const CalendarEventRecordSchema = z.looseObject({ id: z.string(), ownerId: z.string() });
export type CalendarEventRecord = z.infer<typeof CalendarEventRecordSchema>;
