/** The single source of "now" for a sandbox. Rules read time only through it, so tests can move it. */
export interface Clock {
  now(): number;
}

export interface ManualClock extends Clock {
  set(epochMs: number): void;
  advance(ms: number): void;
}

export function manualClock(start: number | string | Date = Date.UTC(2026, 0, 15, 12)): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => current,
    set: (epochMs) => {
      current = epochMs;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const isoNow = (clock: Clock) => new Date(clock.now()).toISOString();

/** Wall time plus an offset the control plane can move: a running server's virtual clock. */
export function adjustableSystemClock(): ManualClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    set: (epochMs) => {
      offset = epochMs - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}
