import * as z from 'zod';
import { idOf, text, timestamp } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

/**
 * A print: a photo its author took in a VRChat world, kept as a PNG file of theirs. The author's
 * name is read from their user record when shown, so a display-name change reaches every print.
 */
export const PrintRecordSchema = lazy(() =>
  z.object({
    id: idOf('prnt'),
    authorId: idOf('usr'),
    /** The PNG file holding the image (version 1's file part). */
    fileId: idOf('file'),
    note: text(),
    /** When the image was captured, as the client said. */
    timestamp: timestamp(),
    createdAt: timestamp(),
    worldId: text(),
    worldName: text(),
  }),
);
export type PrintRecord = z.infer<typeof PrintRecordSchema>;
