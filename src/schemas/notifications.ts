import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const NotificationRecordSchema = z.looseObject({ id: z.string(), receiverUserId: z.string() });
export type NotificationRecord = z.infer<typeof NotificationRecordSchema>;
