import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { ApiError, messages } from '../errors.js';
import { JSON_TYPE, nodeRequest } from '../http/helpers.js';
import type { FaultKind } from './schema.js';

/** How long `hang` holds a connection when the rule gives no `delayMs`: a client gives up long before. */
export const HANG_BOUND_MS = 30_000;

/** What a fault put on the wire: the status line sent, 0 when none was. */
export interface FaultResult {
  response: Response;
  sent: number;
}

/**
 * The faults that lose the answer. They act on node's socket, so they need a real connection
 * (`malformed-json` aside); `slow-body` is `dribble`, which keeps the answer whole.
 */
export async function loseAnswer(c: Context, kind: Exclude<FaultKind, 'slow-body'>, boundMs: number | undefined): Promise<FaultResult> {
  if (kind === 'malformed-json') {
    return { response: c.body('{"error":{"message":"trunc', 200, { 'Content-Type': JSON_TYPE }), sent: 200 };
  }
  const socket = nodeRequest(c)?.socket;
  if (!socket) throw new ApiError(502, messages.faultNeedsConnection(kind));
  if (kind === 'hang') await hang(socket, boundMs ?? HANG_BOUND_MS);
  else if (kind === 'random-bytes-then-close') socket.end(randomBytes(64));
  else if (kind === 'connection-reset' && 'resetAndDestroy' in socket) socket.resetAndDestroy();
  else socket.end();
  socket.destroy();
  return { response: c.body(null, 200), sent: 0 };
}

/** Holds the connection without a byte until the client closes it or the bound passes. */
function hang(socket: NonNullable<ReturnType<typeof nodeRequest>>['socket'], boundMs: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, boundMs);
    socket.once('close', done);
  });
}

/** The same answer with its body let out in small pieces over `durationMs`. */
export async function dribble(response: Response, durationMs: number): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const pieces = Math.max(1, Math.min(bytes.length, 20));
  const size = Math.ceil(bytes.length / pieces);
  const pause = durationMs / pieces;
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) =>
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.enqueue(bytes.subarray(sent, sent + size));
          sent += size;
          if (sent >= bytes.length) controller.close();
          resolve();
        }, pause);
      }),
    cancel: () => clearTimeout(timer),
  });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, headers });
}
