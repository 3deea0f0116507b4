import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, messages } from '../errors.js';
import { errorBody, JSON_TYPE } from './helpers.js';

const envelope = (status: number, message: string) => JSON.stringify(errorBody(new ApiError(status, message)));

/**
 * Requests node refuses before any handler sees them (a NUL in the request line, headers past its
 * size limit, a malformed request) get the error envelope like every other error, not node's empty
 * 400 or 431.
 */
export function answerClientErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = envelope(status, tooLarge ? messages.headersTooLarge : messages.badRequest);
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * A request whose target is not a path (`OPTIONS *`, `GET http://other/...` is fine: node gives its
 * path) is answered here: the HTTP adapter would build no URL from it and answer plain text.
 */
export function answeredOddTarget(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.url?.startsWith('/')) return false;
  const body = envelope(400, messages.requestTargetNotPath);
  response.writeHead(400, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
  return true;
}
