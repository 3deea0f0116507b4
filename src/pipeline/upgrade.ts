import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { ApiError, messages, WAF_MISSING_USER_AGENT } from '../errors.js';
import { errorBody } from '../http/helpers.js';
import { WORLD_HEADER, type Sandboxes } from '../store/sandboxes.js';
import { isPlaceholderUserAgent } from '../scenarios/user-agent.js';
import type { PipelineHub } from './hub.js';
import { LIMITS } from '../limits.js';

const MAX_CLIENT_FRAME_BYTES = LIMITS.clientFrameBytes.value;

/**
 * Serves the event socket on the API's own port: any path, as the real pipeline's root. The `ws`
 * library loads on the first upgrade, so a server nobody opens a socket to never pays for it.
 */
export function attachPipeline(server: Server, sandboxes: Sandboxes, hub: PipelineHub): { close(): void } {
  let wss: Promise<WebSocketServer> | undefined;
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://pipeline');
    const userAgent = request.headers['user-agent'];
    const refuseUserAgent = () => refuse(socket, new ApiError(403, messages.userAgentRequired, WAF_MISSING_USER_AGENT));
    // The real pipeline refuses a missing User-Agent always; a placeholder only as strictly as the sandbox's API does.
    if (!userAgent?.trim()) return refuseUserAgent();
    const sandboxId = header(request, WORLD_HEADER) ?? url.searchParams.get('world') ?? undefined;
    const sandbox = sandboxes.get(sandboxId);
    if (!sandbox) return refuse(socket, new ApiError(404, messages.unknownSandbox(sandboxId ?? '')));
    if (sandbox.settings.userAgent === 'strict' && isPlaceholderUserAgent(userAgent)) return refuseUserAgent();
    if (hub.room(sandbox, sandboxId ?? null).refuses(Date.now())) {
      return refuse(socket, new ApiError(503, messages.pipelineRefusing));
    }
    const token = url.searchParams.get('authToken') ?? url.searchParams.get('auth') ?? undefined;
    // The hub keeps the open sockets: the library need not track them too.
    wss ??= import('ws').then(
      ({ WebSocketServer }) => new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_CLIENT_FRAME_BYTES }),
    );
    void wss.then((ws) =>
      ws.handleUpgrade(request, socket, head, (open) => {
        // The sandbox the upgrade named may have been reset meanwhile: admit into the current one.
        const current = sandboxes.get(sandboxId);
        if (current) hub.admit(current, sandboxId ?? null, open, token);
        else open.terminate();
      }),
    );
  });
  return { close: () => hub.closeAll() };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Answers the upgrade with an ordinary HTTP error in the API's envelope, then hangs up. */
function refuse(socket: Duplex, error: ApiError) {
  const body = JSON.stringify(errorBody(error));
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
      'Connection: close\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
