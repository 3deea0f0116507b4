import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const WorldRecordSchema = z.looseObject({ id: z.string(), authorId: z.string() });
export type WorldRecord = z.infer<typeof WorldRecordSchema>;
export const InstanceRecordSchema = z.looseObject({ id: z.string(), worldId: z.string() });
export type InstanceRecord = z.infer<typeof InstanceRecordSchema>;
