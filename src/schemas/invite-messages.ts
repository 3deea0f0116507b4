import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const InviteMessageRecordSchema = z.looseObject({ userId: z.string(), messageType: z.string(), slot: z.number() });
export type InviteMessageRecord = z.infer<typeof InviteMessageRecordSchema>;
