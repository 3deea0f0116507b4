import type { Context } from 'hono';
import { nodeRequest } from '../http/helpers.js';
import { LIMITS, stringBytes } from '../limits.js';
import type { RequestJournal } from './journal.js';
import { closeQueue, noteQueued, openQueue } from '../http/push-queues.js';

/**
 * The console's live list: each journal entry of the sandbox `sandboxId` as one server-sent event, its `seq` as the
 * event id. Given `after`, the entries recorded since entry `after` come first, so a client that
 * listed the journal (or got entry `after` before it reconnected) misses none. Entries wait in a
 * queue while the client is slow to read; past LIMITS.consoleStreamUnreadBytes the stream is ended and
 * its connection cut. When the entries since `after` alone are past that bound, the stream sends a
 * `resync` event and ends: the console lists the journal again and follows it from there. What waits
 * counts against the process's total of push queues too (LIMITS.pushQueueShare), which may end it sooner.
 * Hono's streaming helper loads with the first stream, not at start-up.
 */
export async function streamRequests(c: Context, journal: RequestJournal, sandboxId: string | null, after?: number): Promise<Response> {
  const { streamSSE } = await import('hono/streaming');
  return streamSSE(c, async (stream) => {
    let wake: () => void = () => {};
    let pending: { id: string; data: string }[] = [];
    let pendingBytes = 0;
    let replaying = after !== undefined;
    let behind = false;
    const cut = () => {
      closeQueue(queue);
      pending = [];
      stream.abort();
      nodeRequest(c)?.socket.destroy();
    };
    const queue = { unread: () => pendingBytes, drop: cut };
    openQueue(queue);
    const stop = journal.onRecord((entry) => {
      if (entry.world !== sandboxId || behind) return;
      const data = JSON.stringify(entry);
      pendingBytes += stringBytes(data);
      if (pendingBytes > LIMITS.consoleStreamUnreadBytes.value) {
        if (!replaying) return cut();
        behind = true;
        pending = [];
        return;
      }
      pending.push({ id: String(entry.seq), data });
      noteQueued(queue);
      wake();
    }, after);
    replaying = false;
    stream.onAbort(() => {
      stop();
      wake();
    });
    try {
      if (behind) return await stream.writeSSE({ event: 'resync', data: '{}' });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted) {
        while (pending.length && !stream.aborted) {
          const event = pending.shift()!;
          await stream.writeSSE(event);
          pendingBytes -= stringBytes(event.data);
          noteQueued(queue);
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } catch {
      // The client went away mid-write: nothing is left to send to.
    } finally {
      stop();
      closeQueue(queue);
    }
  });
}
