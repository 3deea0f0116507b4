import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const GroupRecordSchema = z.looseObject({ id: z.string() });
export type GroupRecord = z.infer<typeof GroupRecordSchema>;
export const GroupMemberRecordSchema = z.looseObject({ id: z.string(), groupId: z.string(), userId: z.string() });
export type GroupMemberRecord = z.infer<typeof GroupMemberRecordSchema>;
