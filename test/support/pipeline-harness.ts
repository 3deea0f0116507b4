import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { encodeBasic } from '../../src/http/basic-auth.js';
import { startServer, type RunningServer } from '../../src/main/server.js';

export const USER_AGENT = 'mock-api-tests/1.0 tests@example.test';

/** A client socket that keeps every frame it receives, to be taken in order. */
export class TestSocket {
  private readonly queue: unknown[] = [];
  private readonly waiting: ((frame: unknown) => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; hadCloseFrame: boolean }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      const waiter = this.waiting.shift();
      if (waiter) waiter(frame);
      else this.queue.push(frame);
    });
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_, response) => reject(new Error(`refused: ${response.statusCode}`)));
      ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve({ code, hadCloseFrame: code !== 1006 })));
  }

  /** The next frame, parsed. */
  next(): Promise<any> {
    const frame = this.queue.shift();
    if (frame !== undefined) return Promise.resolve(frame);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  close() {
    this.ws.terminate();
  }
}

export interface PipelineServer {
  server(): RunningServer;
  /** Logs in over HTTP; answers the cookie header and the auth token the socket takes. */
  login(username: string, headers?: Record<string, string>): Promise<{ cookie: string; token: string }>;
  /**
   * Logs each user in, then opens a socket for each, open when it resolves. Logins come first: a
   * login can change presence, whose events would reach sockets already open.
   */
  connect(...usernames: string[]): Promise<{ cookie: string; token: string; socket: TestSocket }[]>;
  /** A socket with `?authToken=` (or whatever query is given), kept open until the test ends. */
  open(query: string, headers?: Record<string, string>): TestSocket;
  /** An API call; answers status and parsed body. */
  api(
    method: string,
    path: string,
    init?: { cookie?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  control(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  /**
   * Proves a socket was sent nothing more: sends a marker to every socket of the world and expects
   * it as each given socket's next frame. Frames arrive in order, so anything sent before would come first.
   */
  expectNothingMore(sockets: TestSocket[], world?: string): Promise<void>;
}

/** One real server for the calling test file; sockets opened by a test are closed after it. */
export function usePipelineServer(): PipelineServer {
  let running: RunningServer | undefined;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    running = await startServer({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    const closing = sockets.splice(0);
    for (const socket of closing) socket.close();
    await Promise.all(closing.map((socket) => socket.closed));
    await control('POST', '/reset');
    // The client's close is seen first; wait until the server has let go of every socket too, so the
    // next test counts only its own.
    for (let tries = 0; (await control('GET', '/pipeline')).body.sockets?.length > 0; tries++) {
      if (tries === 100) throw new Error('usePipelineServer: sockets still open 1 s after the test closed them');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  afterAll(() => running?.close());

  const server = () => {
    if (!running) throw new Error('usePipelineServer: the server is not running');
    return running;
  };
  const origin = () => server().url.replace(/\/api\/1$/, '');

  async function request(url: string, method: string, body: unknown, headers: Record<string, string>) {
    const response = await fetch(url, {
      method,
      headers: { 'user-agent': USER_AGENT, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  const api: PipelineServer['api'] = (method, path, init = {}) =>
    request(`${server().url}${path}`, method, init.body, { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers });

  const control = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request(`${origin()}/_mock${path}`, method, body, headers);

  async function login(username: string, headers: Record<string, string> = {}) {
    const reply = await request(`${server().url}/auth/user`, 'GET', undefined, {
      authorization: encodeBasic(username, `${username}-password`),
      ...headers,
    });
    if (reply.status !== 200) throw new Error(`login ${username}: ${reply.status}`);
    const cookie = reply.headers
      .getSetCookie()
      .find((c) => c.startsWith('auth='))!
      .split(';')[0]!;
    return { cookie, token: cookie.slice('auth='.length) };
  }

  function open(query: string, headers: Record<string, string> = { 'user-agent': USER_AGENT }) {
    const socket = new TestSocket(new WebSocket(`${server().pipelineUrl}?${query}`, { headers }));
    sockets.push(socket);
    return socket;
  }

  async function connect(...usernames: string[]) {
    const sessions = [];
    for (const username of usernames) sessions.push(await login(username));
    const connected = sessions.map((session) => ({ ...session, socket: open(`authToken=${session.token}`) }));
    await Promise.all(connected.map(({ socket }) => socket.opened));
    return connected;
  }

  async function expectNothingMore(targets: TestSocket[], world?: string) {
    const marker = { type: 'test-marker', content: { n: Math.random() } };
    const reply = await control('POST', '/pipeline', marker, world ? { 'x-mock-world': world } : {});
    if (reply.status !== 200) throw new Error(`marker: ${reply.status}`);
    for (const socket of targets) {
      const frame = await socket.next();
      if (frame.type !== 'test-marker' || frame.content !== JSON.stringify(marker.content)) {
        throw new Error(`expected nothing more, got ${JSON.stringify(frame)}`);
      }
    }
  }

  return { server, login, connect, open, api, control, expectNothingMore };
}
