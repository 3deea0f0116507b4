import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';
import type { AppDeps } from '../control/deps.js';
import { answeredRead, answeredText, API_PREFIX, nodeRequest } from '../http/helpers.js';
import { incomingHeader } from '../http/request-headers.js';
import { noteRequestReads, requestReads } from '../http/request-reads.js';
import { entryAgain, type NewEntry, type RecordedEntry, type RequestJournal } from '../control/journal.js';
import { DEFAULT_SANDBOX, type ScenarioEngine } from '../scenarios/engine.js';
import { WORLD_HEADER, type Sandboxes } from '../store/sandboxes.js';

/**
 * An answer from the read cache, ready to be sent again as it went out. It is made only while no
 * scenario rule of the sandbox could take the request, and holds while the sandbox stays at its
 * revision (which loading or dropping a rule moves, as every control-plane write does), within the
 * span of time the answer was made for and while the sessions it found live, for a request with the
 * same URL and the same value of every header the answer read.
 */
interface Replay {
  readonly revision: number;
  readonly from: number;
  readonly until: number;
  readonly headersRead: readonly (readonly [name: string, value: string | undefined])[];
  readonly headers: OutgoingHttpHeaders;
  readonly text: string;
  /** The journal entry of the request it was made from: what every request it answers is recorded with. */
  readonly entry: NewEntry;
}

/**
 * Cached reads answered again without the app: a client polling a read the read cache holds gets
 * the same bytes and the same journal entry as through Hono's handler chain, for a fraction of the
 * CPU (bench/README.md). The app remembers each answer it can replay (`remember`, beside the journal);
 * the node listener asks `answer` first.
 */
export class ReplayedReads {
  private readonly sandboxes: Sandboxes;
  private readonly scenarios: ScenarioEngine;
  private readonly journal: RequestJournal;
  private readonly onUnexpectedError: (error: unknown) => void;

  constructor(deps: Pick<AppDeps, 'sandboxes' | 'scenarios' | 'journal' | 'onUnexpectedError'>) {
    this.sandboxes = deps.sandboxes;
    this.scenarios = deps.scenarios;
    this.journal = deps.journal;
    this.onUnexpectedError = deps.onUnexpectedError ?? (() => {});
  }

  /** Notes what a GET under node reads from here on; mounted for GETs before anything reads a header or a session. */
  readonly noteReads: MiddlewareHandler<AppEnv> = (c, next) => {
    if (nodeRequest(c)) noteRequestReads(c);
    return next();
  };

  /** Keeps the answer of a request answered from the read cache, once the journal has recorded it. */
  readonly remember = (c: Context<AppEnv>, entry: RecordedEntry): void => {
    const answered = answeredRead(c);
    const reads = requestReads(c);
    const incoming = nodeRequest(c);
    // A HEAD reaches the GET routes, and this too, but its answer has no body.
    if (!answered || !reads || !incoming || entry.method !== 'GET' || entry.rule || entry.status !== 200) return;
    const { key, read } = answered;
    if (answeredText(c) !== read.text) return;
    if (this.scenarios.mayTake(requestedWorld(incoming) ?? DEFAULT_SANDBOX, 'GET', c.req.path.slice(API_PREFIX.length))) return;
    const headers = outgoingHeaders(entry.responseHeaders);
    if (!headers) return;
    headers['Content-Length'] = Buffer.byteLength(read.text);
    const again = entryAgain(entry, 0, [], 0);
    again.responseBody = sliceOf(read.text, entry.responseBody);
    const replay: Replay = {
      revision: read.revision,
      from: read.from,
      until: Math.min(read.until, reads.sessionsLiveUntil),
      headersRead: [...reads.headers],
      headers,
      text: read.text,
      entry: again,
    };
    c.get('sandbox').readCache.rememberReplay(requestKey(incoming), key, read, replay);
  };

  /**
   * Answers a request from what `remember` kept, when that still holds; false leaves it to the app.
   * It runs outside the app, whose error handler is not there to catch: what throws is reported, and
   * the request goes to the app unless its answer is out.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    try {
      return this.replayed(request, response);
    } catch (error) {
      this.onUnexpectedError(error);
      return response.headersSent;
    }
  }

  private replayed(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const started = performance.now();
    const sandbox = this.sandboxes.get(requestedWorld(request));
    if (!sandbox) return false;
    const replay = sandbox.readCache.replayOf(requestKey(request)) as Replay | undefined;
    if (!replay || replay.revision !== sandbox.revision) return false;
    const now = sandbox.clock.now();
    if (now < replay.from || now >= replay.until) return false;
    for (const [name, value] of replay.headersRead) if (incomingHeader(request, name) !== value) return false;
    response.writeHead(200, replay.headers);
    response.end(replay.text);
    this.journal.record(entryAgain(replay.entry, Date.now(), request.rawHeaders, performance.now() - started));
    return true;
  }
}

const requestedWorld = (request: IncomingMessage) => incomingHeader(request, WORLD_HEADER);

/** One entry per URL as sent and session cookie (the header most answers read), in the sandbox's read cache. */
const requestKey = (request: IncomingMessage) => `${request.url} ${incomingHeader(request, 'cookie') ?? ''}`;

/**
 * The journal's copy of an answer's body as a slice of the cached text where it can be: a body cut at
 * the journal's bound is a copy of its own, which every replay of a large answer would otherwise hold.
 * A cut inside a character ends in U+FFFD, which the text has not.
 */
function sliceOf(text: string, body: string | null): string | null {
  if (body === null || body === text) return body;
  const same = text.startsWith(body) ? body.length : body.length - 1;
  return text.startsWith(body.slice(0, same)) ? text.slice(0, same) + body.slice(same) : body;
}

/**
 * The answer's headers as @hono/node-server writes them (lower-case names, as web Headers list
 * them); undefined for an answer that sets a cookie, which is never sent twice.
 */
function outgoingHeaders(flat: readonly string[]): OutgoingHttpHeaders | undefined {
  const headers: OutgoingHttpHeaders = {};
  for (let i = 0; i + 1 < flat.length; i += 2) {
    if (flat[i] === 'set-cookie') return undefined;
    headers[flat[i]!] = flat[i + 1];
  }
  return headers;
}
