// The event socket through `mock-api record`: each upgrade opens a socket to the upstream with the
// client's headers, frames go both ways as they come, and the upgrade is recorded as a HAR entry with
// its frames in `_webSocketMessages`, as Chromium's devtools write them.
import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Exchange } from '../control/har.js';
import type { HarEntry, HarWebSocketMessage } from '../control/har-types.js';
import { endToEnd } from './forward.js';

/** The close codes a peer may send on (1005, 1006 and 1015 only describe a close). */
const sendable = (code: number) =>
  code === 1000 || (code >= 1001 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

const frame = (type: 'send' | 'receive', data: RawData, binary: boolean): HarWebSocketMessage => {
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  return { type, time: Date.now() / 1000, opcode: binary ? 2 : 1, data: binary ? bytes.toString('base64') : bytes.toString('utf8') };
};

export function proxySockets(server: Server, pipeline: URL, record: (exchange: Exchange, finish?: (entry: HarEntry) => void) => void) {
  const wss = new WebSocketServer({ noServer: true, clientTracking: false });
  const open = new Set<() => void>();

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const started = Date.now();
    const clock = performance.now();
    const target = new URL(request.url ?? '/', pipeline);
    const headers = endToEnd(request.rawHeaders).filter(([name]) => !/^sec-websocket-/i.test(name));
    const sent = { started, method: 'GET', url: target.href, requestHeaders: headers, requestBody: null };
    const upstream = new WebSocket(target, { headers: Object.fromEntries(headers) });
    const frames: HarWebSocketMessage[] = [];
    let answered: [string, string][] = [];
    upstream.on('message', (data, binary) => frames.push(frame('receive', data, binary)));
    upstream.once('upgrade', (response) => (answered = endToEnd(response.rawHeaders)));

    upstream.once('unexpected-response', (_, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const status = response.statusCode ?? 502;
        socket.end(
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: ${response.headers['content-type'] ?? 'text/plain'}\r\nContent-Length: ${body.length}\r\n\r\n${body.toString('utf8')}`,
        );
        const responseHeaders = endToEnd(response.rawHeaders);
        record({
          ...sent,
          durationMs: performance.now() - clock,
          status,
          responseHeaders,
          responseBody: body.length ? body.toString('utf8') : null,
        });
      });
    });
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (upstream.readyState === WebSocket.OPEN || socket.destroyed) return;
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      record({
        ...sent,
        durationMs: performance.now() - clock,
        status: 502,
        responseHeaders: [],
        responseBody: null,
        error: error.code ?? error.message,
      });
    });

    upstream.once('open', () =>
      wss.handleUpgrade(request, socket, head, (client) => {
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          open.delete(end);
          record(
            { ...sent, durationMs: performance.now() - clock, status: 101, responseHeaders: answered, responseBody: null },
            (entry) => {
              entry._resourceType = 'websocket';
              entry._webSocketMessages = frames;
            },
          );
        };
        const end = () => {
          client.close(1001);
          upstream.close(1001);
          finish();
        };
        open.add(end);
        client.on('message', (data, binary) => {
          frames.push(frame('send', data, binary));
          if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
        });
        upstream.on('message', (data, binary) => client.readyState === WebSocket.OPEN && client.send(data, { binary }));
        client.on('close', (code, reason) => {
          if (upstream.readyState === WebSocket.OPEN) upstream.close(sendable(code) ? code : 1000, reason);
          finish();
        });
        upstream.on('close', (code, reason) => {
          if (client.readyState === WebSocket.OPEN) client.close(sendable(code) ? code : 1000, reason);
          finish();
        });
        client.on('error', () => upstream.terminate());
        upstream.on('error', () => client.terminate());
      }),
    );
  });

  return { closeAll: () => [...open].forEach((end) => end()) };
}
