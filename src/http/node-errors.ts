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
 * Requests the HTTP adapter cannot take, answered here with the envelope: a target that is not a
 * path (`OPTIONS *`; `GET http://other/...` is fine: node gives its path), for which it would build
 * no URL and answer plain text, and an HTTP/1.1 request without Host, which RFC 9112 makes a 400
 * and node would answer with an empty one (the server is made with requireHostHeader off).
 */
export function answeredMalformedRequest(request: IncomingMessage, response: ServerResponse): boolean {
  let message: string;
  if (!request.url?.startsWith('/')) message = messages.requestTargetNotPath;
  else if (request.httpVersion === '1.1' && request.headers.host === undefined) message = messages.hostRequired;
  else return false;
  const body = envelope(400, message);
  response.writeHead(400, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  response.end(body);
  return true;
}
