import { ApiError, messages } from '../errors.js';

/**
 * The times a sandbox's clock may show: every timestamp the API writes must stay a valid ISO
 * date-time, with a four-digit year. Past 9999 `toISOString` writes `+010000-...`, which strict
 * clients refuse; past 8.64e15 ms it throws, and every request of the sandbox would answer 500.
 */
export const CLOCK_MIN = Date.UTC(1970, 0, 1);
export const CLOCK_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function checkClockTime(epochMs: number): number {
  if (Number.isFinite(epochMs) && epochMs >= CLOCK_MIN && epochMs <= CLOCK_MAX) return epochMs;
  throw new ApiError(400, messages.clockOutOfRange(new Date(CLOCK_MIN).toISOString(), new Date(CLOCK_MAX).toISOString()));
}
