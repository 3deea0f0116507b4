// `mock-api record`: a proxy a client points at instead of the live service. Each request goes on as
// sent, the client gets what the upstream answered, and the pairs (and the event socket's frames,
// record-socket.ts) go to a HAR file, written whole after each and on close.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { harEntry, type Exchange } from '../control/har.js';
import type { HarEntry, HarSecrets } from '../control/har-types.js';
import { messages } from '../errors.js';
import { HarWriter } from './har-file.js';
import { endToEnd, forward, recordedBody } from './forward.js';
import { proxySockets } from './record-socket.js';

export interface RecordOptions {
  /** The service's base URL, e.g. `https://api.example.test/api/1`. */
  upstream: string;
  /** The event socket's URL; by default the upstream's origin as ws(s). */
  pipelineUpstream?: string;
  out: string;
  port: number;
  host?: string;
  secrets?: HarSecrets;
  log?: (line: string) => void;
}

export interface Recorder {
  /** The URL a client uses in place of the upstream. */
  url: string;
  port: number;
  /** Stops accepting, ends the open sockets, and writes the file complete; answers how many entries it holds. */
  close(): Promise<number>;
}

/** The upstream refused a connection before recording started: the command's one line, exit 2. */
export class UpstreamUnreachable extends Error {}

/** Opens (and closes) a connection to the upstream: an address nobody listens on is refused at start, not on the first request. */
export function probe(url: URL): Promise<void> {
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  const port = Number(url.port || (secure ? 443 : 80));
  return new Promise((resolve, reject) => {
    const socket = secure ? tlsConnect({ host: url.hostname, port, servername: url.hostname }) : connect({ host: url.hostname, port });
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UpstreamUnreachable(`cannot reach the upstream ${url.origin} (${error.code ?? error.message})`)),
    );
  });
}

const readAll = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startRecorder(options: RecordOptions): Promise<Recorder> {
  const upstream = new URL(options.upstream);
  await probe(upstream);
  const secrets = options.secrets ?? 'redact';
  const writer = new HarWriter(options.out);
  const record = (exchange: Exchange, decorate?: (entry: HarEntry) => void) => {
    const entry = harEntry(exchange, secrets);
    decorate?.(entry);
    writer.add(entry);
  };

  async function relay(request: IncomingMessage, response: ServerResponse) {
    const started = Date.now();
    const clock = performance.now();
    const body = await readAll(request);
    const target = new URL(request.url ?? '/', upstream.origin);
    const headers = endToEnd(request.rawHeaders);
    const sent = {
      started,
      method: request.method ?? 'GET',
      url: target.href,
      requestHeaders: headers,
      requestBody: body.length ? body.toString('utf8') : null,
    };
    try {
      const answer = await forward(target, sent.method, headers, body);
      response.writeHead(answer.status, answer.headers.flat());
      response.end(answer.body);
      const kept = recordedBody(answer.headers, answer.body);
      record({
        ...sent,
        durationMs: performance.now() - clock,
        status: answer.status,
        responseHeaders: answer.headers,
        responseBody: kept.text,
        responseEncoding: kept.encoding,
      });
      options.log?.(`${sent.method} ${target.pathname}${target.search} ${answer.status}`);
    } catch (error) {
      const cause = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      const text = JSON.stringify({ error: { message: messages.upstreamUnreachable(upstream.origin, cause), status_code: 502 } });
      const answerHeaders: [string, string][] = [['content-type', 'application/json; charset=utf-8']];
      if (!response.headersSent) response.writeHead(502, answerHeaders.flat());
      response.end(text);
      record({
        ...sent,
        durationMs: performance.now() - clock,
        status: 502,
        responseHeaders: answerHeaders,
        responseBody: text,
        error: cause,
      });
      options.log?.(`${sent.method} ${target.pathname}${target.search} 502 (${cause})`);
    }
  }

  const server = createServer((request, response) => void relay(request, response));
  const pipeline = new URL(options.pipelineUpstream ?? upstream.origin.replace(/^http/, 'ws'));
  const sockets = proxySockets(server, pipeline, record);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  let closing: Promise<number> | undefined;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}${upstream.pathname.replace(/\/$/, '')}`,
    port,
    close: () =>
      (closing ??= (async () => {
        // Requests in flight finish (at most 2 s), so that each answered request is in the file.
        await new Promise<void>((resolve) => {
          const sweep = setInterval(() => server.closeIdleConnections(), 20);
          const cut = setTimeout(() => server.closeAllConnections(), 2000);
          server.close(() => {
            clearInterval(sweep);
            clearTimeout(cut);
            resolve();
          });
          sockets.closeAll();
          server.closeIdleConnections();
        });
        writer.flush();
        return writer.size;
      })()),
  };
}
