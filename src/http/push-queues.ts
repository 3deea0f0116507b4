import { LIMITS, shareOf } from '../limits.js';

/** One client of a push channel (an event socket, a console stream). */
export interface PushQueue {
  /** Bytes queued for the client that it has not read yet. */
  unread(): number;
  /** Lets the client go as a dead one is let go, freeing what waits for it. */
  drop(): void;
}

/** Every open queue of the process, with its unread bytes as last counted. */
const counted = new Map<PushQueue, number>();
let total = 0;

export function openQueue(queue: PushQueue): void {
  counted.set(queue, 0);
}

export function closeQueue(queue: PushQueue): void {
  total -= counted.get(queue) ?? 0;
  counted.delete(queue);
}

/**
 * Counts what the client has queued now. Past the process's LIMITS.pushQueueShare of --max-memory
 * the clients holding most are dropped until a quarter of the share is free again, so the next
 * frames do not each make every queue be counted anew.
 */
export function noteQueued(queue: PushQueue): void {
  const before = counted.get(queue);
  if (before === undefined) return;
  const now = queue.unread();
  counted.set(queue, now);
  total += now - before;
  if (total > shareOf(LIMITS.pushQueueShare)) dropLargest();
}

/** Bytes every open push queue of the process had unread when last counted. */
export const queuedBytesOfProcess = () => total;

function dropLargest() {
  // The counts of queues not written to since are stale (their clients may have read since): count all anew.
  total = 0;
  for (const queue of counted.keys()) {
    const now = queue.unread();
    counted.set(queue, now);
    total += now;
  }
  const max = shareOf(LIMITS.pushQueueShare);
  if (total <= max) return;
  const largestFirst = [...counted].sort(([, a], [, b]) => b - a);
  for (const [queue] of largestFirst) {
    if (total <= max * 0.75) break;
    closeQueue(queue);
    queue.drop();
  }
}
