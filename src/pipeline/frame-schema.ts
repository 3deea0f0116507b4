import * as z from 'zod';
import { lazy } from '../schema/lazy.js';

/** A frame the control plane sends as if the sandbox had caused it: to one user's sockets, or to all. */
export const PipelineSendSchema = lazy(() =>
  z.strictObject({
    userId: z.string().min(1).optional(),
    type: z.string().min(1),
    /** An object or array goes out JSON-encoded, a string bare, none leaves the frame without content. */
    content: z.unknown().optional(),
  }),
);

/** One user's sockets, or every socket of the sandbox when `userId` is left out. */
export const PipelineDropSchema = lazy(() => z.strictObject({ userId: z.string().min(1).optional() }));

/**
 * A sandbox's socket faults, replaced as a whole by each POST: what reconnect and de-duplication code
 * needs to meet. Left out means off.
 */
export const SocketFaultsSchema = lazy(() =>
  z.strictObject({
    /** Every frame waits this long (order kept). */
    delayMs: z.number().int().min(0).max(60_000).optional(),
    /** Every frame is sent twice in a row, as the real pipeline sometimes does. */
    duplicate: z.boolean().optional(),
    /** The next n connection attempts are refused with 503. */
    refuseConnections: z.number().int().min(0).optional(),
    /** Connection attempts in the next n milliseconds (wall time) are refused with 503. */
    refuseForMs: z.number().int().min(0).max(3_600_000).optional(),
  }),
);
export type SocketFaultsInput = z.infer<typeof SocketFaultsSchema>;

/** A frame as GET /_mock/pipeline lists it: the users and how many sockets it reached. */
export interface SentFrame {
  at: string;
  type: string;
  content?: string;
  users: string[];
  sockets: number;
  /** Present when the listed content was cut at LIMITS.pipelineFrameContentKept (the sockets got it whole). */
  truncated?: true;
}

/** The socket faults in force, as the control plane answers them (`refuseUntil`: wall time, null when none). */
export interface SocketFaultsState {
  delayMs: number;
  duplicate: boolean;
  refuseConnections: number;
  refuseUntil: string | null;
}
