import { LIMITS, shareOf } from '../limits.js';

/** Bytes of request bodies read so far and not yet handed over, over every connection of the process. */
let inFlight = 0;

/**
 * The bytes of one body while it is read, against the process's LIMITS.requestBodiesInFlightShare
 * of --max-memory: each body is bounded on its own, but many slow ones at once were not. Once the
 * body is read whole its bytes belong to whatever keeps them (an upload counts against its own share).
 */
export class BodyInFlight {
  private held = 0;

  /** Counts `bytes` more of the body; false, counting nothing, when they would pass the share. */
  take(bytes: number): boolean {
    if (inFlight + bytes > shareOf(LIMITS.requestBodiesInFlightShare)) return false;
    inFlight += bytes;
    this.held += bytes;
    return true;
  }

  /** The body is read, refused or abandoned: its bytes stop counting. Safe to call more than once. */
  done(): void {
    inFlight -= this.held;
    this.held = 0;
  }
}

/** Bytes of every request body being read now. */
export const bodyBytesInFlight = () => inFlight;
