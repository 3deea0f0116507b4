import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

/** What went wrong on the way, when no answer came. */
export type Outcome = Answer | { error: 'timeout' | 'connection'; message: string; ms: number };

const guarded = new WeakSet<object>();

export const isAnswer = (outcome: Outcome): outcome is Answer => 'status' in outcome;

export interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * A client for one server on loopback: keep-alive connections, every request bounded by `timeoutMs`
 * (a request that takes longer is a hang).
 */
export class Client {
  readonly agent: Agent;

  constructor(
    readonly origin: string,
    connections = 16,
    readonly timeoutMs = 10_000,
  ) {
    if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(origin)) throw new Error(`stress runs on loopback only, not ${origin}`);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  /**
   * One request; a connection error is tried once more on a new connection, since a keep-alive
   * socket the server is closing just then fails without the server being at fault.
   */
  async send(call: Call): Promise<Outcome> {
    const outcome = await this.once(call);
    if (isAnswer(outcome) || outcome.error !== 'connection') return outcome;
    return this.once(call, false);
  }

  private once(call: Call, reuse = true): Promise<Outcome> {
    const started = performance.now();
    return new Promise((resolve) => {
      const req = httpRequest(
        `${this.origin}${call.path}`,
        { method: call.method, headers: call.headers, agent: reuse ? this.agent : false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
              ms: performance.now() - started,
            }),
          );
          res.on('error', (error) => resolve({ error: 'connection', message: error.message, ms: performance.now() - started }));
        },
      );
      req.setTimeout(this.timeoutMs, () => {
        req.destroy();
        resolve({ error: 'timeout', message: `${call.method} ${call.path.slice(0, 80)}`, ms: performance.now() - started });
      });
      req.on('error', (error) => resolve({ error: 'connection', message: error.message, ms: performance.now() - started }));
      // A server may answer (413) before it has read a large body: the rest of the write then fails.
      req.on('socket', (socket) => {
        if (guarded.has(socket)) return;
        guarded.add(socket);
        socket.on('error', () => undefined);
      });
      req.end(call.body);
    });
  }

  /** Sends, and throws unless an answer came: for set-up steps. */
  async must(call: Call): Promise<Answer> {
    const outcome = await this.send(call);
    if (!isAnswer(outcome)) throw new Error(`${call.method} ${call.path}: ${outcome.error} ${outcome.message}`);
    return outcome;
  }

  close() {
    this.agent.destroy();
  }
}

/** Raw bytes over a new socket; the answer as text once the server closes or `ms` pass. */
export function rawExchange(origin: string, bytes: string, ms = 5_000): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, ms);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const start = text.indexOf('\r\n\r\n');
      if (length !== undefined && start !== -1 && text.length - start - 4 >= Number(length)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
export const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** Logs in and answers the Cookie header value for the session. */
export async function login(client: Client, username: string, password: string, world?: string): Promise<string> {
  const headers: Record<string, string> = { authorization: basic(username, password) };
  if (world) headers['x-mock-world'] = world;
  const answer = await client.must({ method: 'GET', path: '/api/1/auth/user', headers });
  const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth='));
  if (answer.status !== 200 || !cookie) throw new Error(`login of ${username}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return cookie.split(';')[0]!;
}

/** Runs `tasks` with at most `parallel` in flight. */
export async function pool<T>(count: number, parallel: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}
