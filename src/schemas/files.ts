import { z } from 'zod';

// Minimal record shape until this area's full schema lands; fixtures may carry any further fields.
export const FileRecordSchema = z.looseObject({ id: z.string(), ownerId: z.string() });
export type FileRecord = z.infer<typeof FileRecordSchema>;
export const AdminAssetBundleRecordSchema = z.looseObject({ id: z.string() });
export type AdminAssetBundleRecord = z.infer<typeof AdminAssetBundleRecordSchema>;
