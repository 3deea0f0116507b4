import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const AvatarRecordSchema = z.looseObject({ id: z.string(), authorId: z.string() });
export type AvatarRecord = z.infer<typeof AvatarRecordSchema>;
export const AvatarFavoriteRecordSchema = z.looseObject({ userId: z.string(), avatarId: z.string() });
export type AvatarFavoriteRecord = z.infer<typeof AvatarFavoriteRecordSchema>;
