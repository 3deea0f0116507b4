import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { nodeRequest } from '../http/helpers.js';
import { LIMITS, stringBytes } from '../limits.js';
import type { RequestJournal } from './journal.js';

/**
 * The console's live list: each journal entry of `world` as one server-sent event. Entries wait in
 * a queue while the client is slow to read; past LIMITS.consoleStreamUnreadBytes the stream is
 * ended and its connection cut, and the console's EventSource reconnects and lists the journal again.
 */
export function streamRequests(c: Context, journal: RequestJournal, world: string | null): Response {
  return streamSSE(c, async (stream) => {
    let wake: () => void = () => {};
    let pending: string[] = [];
    let pendingBytes = 0;
    const cut = () => {
      pending = [];
      stream.abort();
      nodeRequest(c)?.socket.destroy();
    };
    const stop = journal.onRecord((entry) => {
      if (entry.world !== world) return;
      const data = JSON.stringify(entry);
      pendingBytes += stringBytes(data);
      if (pendingBytes > LIMITS.consoleStreamUnreadBytes.value) return cut();
      pending.push(data);
      wake();
    });
    stream.onAbort(() => {
      stop();
      wake();
    });
    try {
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted) {
        while (pending.length && !stream.aborted) {
          const data = pending.shift()!;
          await stream.writeSSE({ data });
          pendingBytes -= stringBytes(data);
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } catch {
      // The client went away mid-write: nothing is left to send to.
    } finally {
      stop();
    }
  });
}
