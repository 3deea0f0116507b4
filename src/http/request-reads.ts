import type { Context } from 'hono';

/**
 * What answering a request read besides its URL, the sandbox's records and the clock: each request
 * header by lower-case name with the value read (undefined: absent), and until when the sessions it
 * found live. The same answer holds for a request that reads the same (src/main/replayed-reads.ts).
 */
export interface RequestReads {
  readonly headers: Map<string, string | undefined>;
  sessionsLiveUntil: number;
}

const notes = new WeakMap<Context, RequestReads>();

/** Notes from now on what `requestHeader` and `namedSession` read for this request. */
export function noteRequestReads(c: Context): RequestReads {
  const reads: RequestReads = { headers: new Map(), sessionsLiveUntil: Infinity };
  notes.set(c, reads);
  return reads;
}

/** The notes of a request noteRequestReads started; undefined for any other. */
export const requestReads = (c: Context): RequestReads | undefined => notes.get(c);
