import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isAbsolute, join } from 'node:path';
import { createApp, sandboxDeps, type AppDeps } from './app.js';
import { adjustableSystemClock } from '../store/clock.js';
import { defaultSandboxJson, readFixtureDir, readFixtureState } from '../store/fixtures/fixture-dir.js';
import { readReadyMadeScenarios } from '../scenarios/scenario-files.js';
import type { SandboxSettings } from '../store/records/settings.js';
import { SandboxSource } from '../store/sandbox-source.js';
import type { SandboxFile } from '../store/persistence/persist.js';
import { ApiError, messages } from '../errors.js';
import { errorBody } from '../http/helpers.js';
import { WORLD_HEADER, type Sandboxes } from '../store/sandboxes.js';
import { attachPipeline } from '../pipeline/upgrade.js';
import { pipelineUrlOf } from '../pipeline/url.js';
import type { Scenario } from '../scenarios/schema.js';
import { ScenarioEngine } from '../scenarios/engine.js';
import type { GenerateCounts } from '../store/generators/counts.js';
import { FixtureError, type SandboxData } from '../store/fixtures/fixtures.js';
import type { SandboxLimits } from '../store/sandboxes.js';
import type { ControlGuardOptions } from '../control/guard.js';
import { controlExposure } from '../control/exposure.js';
import type { HarSecrets } from '../control/har-types.js';
import { answerClientErrorsWithEnvelope, answeredMalformedRequest } from '../http/node-errors.js';
import { ReplayedReads } from './replayed-reads.js';

export interface ServerOptions {
  port: number;
  host: string;
  fixturesDir?: string;
  /** Adds seeded, generated bulk data on top of the fixtures; the same seed gives the same sandbox. */
  seed?: number;
  /** With `seed`: how many records of each kind to generate (defaults for the kinds left out). */
  generate?: Partial<GenerateCounts>;
  settings?: Partial<SandboxSettings>;
  /** Host names and Origins the control plane accepts besides loopback, and its token. */
  control?: ControlGuardOptions;
  /** Where the warning about an exposed control plane (and its generated token) goes; stderr by default. */
  warn?: (line: string) => void;
  /** The cap on isolated sandboxes and how long an unused one lives. */
  sandboxLimits?: Partial<SandboxLimits>;
  /**
   * A JSON file the default sandbox is loaded from (when it exists) and saved to after writes and on
   * close; an unusable file is a DbError, never a silent reset.
   */
  db?: string;
  /** Scenarios active from the start (the base set a control-plane reset returns to). */
  scenarios?: Scenario[];
  /** What the journal's HAR keeps of cookies and authorizations (`--har-secrets`); redacted by default. */
  harSecrets?: HarSecrets;
  /** Receives one line per request and any unexpected error; omit for silence. */
  log?: (line: string) => void;
  /**
   * Called with the URL once the port is bound, before the HTTP adapter has loaded: a client may
   * connect from then on and is answered as soon as it has.
   */
  onListening?: (url: string) => void;
}

export interface RunningServer {
  /** The API's base URL, `http://<host>:<port>/api/1`. */
  url: string;
  /** The event socket, on the same port: `ws://127.0.0.1:<port>/`. */
  pipelineUrl: string;
  port: number;
  /**
   * Answers a request in this process as the listener would (the same app, log and --db save),
   * without a socket; refused once the server is closed.
   */
  handle(request: Request): Promise<Response>;
  /**
   * Stops accepting connections and resolves once every connection is closed. Requests in flight
   * get up to `graceMs` (default 0) to finish; whatever is still open then is cut.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** The sandboxes `start` serves (and `export` writes), from fixtures or the embedded default, plus generated data. */
export async function buildDeps(options: Omit<ServerOptions, 'port' | 'host'>): Promise<AppDeps> {
  const records = options.fixturesDir === undefined ? undefined : readFixtureDir(options.fixturesDir);
  const json = records === undefined ? defaultSandboxJson() : JSON.stringify(records);
  const { settings, seed } = options;
  const generate = seed === undefined ? undefined : (await import('../store/generators/generate.js')).addGeneratedData;
  // Every fresh copy of the sandbox gets the settings, then the seeded data.
  const extend =
    settings || generate
      ? (fresh: SandboxData) => {
          Object.assign(fresh.settings, settings);
          generate?.(fresh, seed!, options.generate);
        }
      : undefined;
  const log = options.log;
  // An exported directory's state.json puts back what its records cannot say, at start and on reset.
  const state = options.fixturesDir === undefined ? undefined : readFixtureState(options.fixturesDir, records);
  const deps = inFixtureDir(options.fixturesDir, () =>
    sandboxDeps(SandboxSource.fromJson(json, extend, state), adjustableSystemClock, {
      sandboxLimits: options.sandboxLimits,
      readyMadeScenarios: readReadyMadeScenarios,
      // The same seed replays the same probabilistic failures.
      scenarios: new ScenarioEngine(options.seed ?? 0),
      onUnexpectedError: (error) => log?.(`unexpected error: ${(error as Error)?.stack ?? String(error)}`),
    }),
  );
  for (const scenario of options.scenarios ?? []) deps.scenarios.loadBase(scenario);
  return deps;
}

/** What building the sandbox from a fixtures directory refuses names the file in that directory. */
function inFixtureDir<T>(dir: string | undefined, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (dir !== undefined && error instanceof FixtureError && !isAbsolute(error.file)) {
      throw new FixtureError(join(dir, error.file), error.field, error.problem, error.kind);
    }
    throw error;
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log;
  const deps = await buildDeps(options);
  deps.control = controlExposure(options.host, options.control ?? {}, options.warn);
  deps.harSecrets = options.harSecrets;
  const db = options.db === undefined ? undefined : await openDb(options.db, deps.sandboxes);
  const replays = new ReplayedReads(deps);
  const app = createApp(deps, replays);
  const reportUnsaved = (error: Error) => {
    const line = `saving the database ${options.db} failed: ${error.message}`;
    if (log) log(line);
    else process.stderr.write(`mock-api: ${line}\n`);
  };
  const saved = db ? answeredOnceSaved(app.fetch, db.file, reportUnsaved) : app.fetch;
  const fetch: typeof app.fetch = log
    ? async (request, ...rest) => {
        const started = performance.now();
        const response = await saved(request, ...rest);
        log(logLine(request.method, request.url.slice(request.url.indexOf('/', 8)), response.status, started));
        return response;
      }
    : saved;
  const replayed: (request: IncomingMessage, response: ServerResponse) => boolean = log
    ? (request, response) => {
        const started = performance.now();
        if (!replays.answer(request, response)) return false;
        log(logLine('GET', request.url!, 200, started));
        return true;
      }
    : (request, response) => replays.answer(request, response);

  // Node's HTTP adapter for Hono loads Node's fetch implementation, the largest part of start-up:
  // it loads after the port is bound, while the first client reads the URL and connects.
  let adapter: Promise<RequestListener> | undefined;
  let answer: RequestListener = (request, response) => adapter!.then((listener) => listener(request, response));
  const server = createServer(
    { requireHostHeader: false },
    (request, response) => answeredMalformedRequest(request, response) || replayed(request, response) || answer(request, response),
  );
  answerClientErrorsWithEnvelope(server);
  const pipeline = attachPipeline(server, deps.sandboxes, deps.sockets);
  await listen(server, options.port, options.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}/api/1`;
  options.onListening?.(url);
  adapter = import('@hono/node-server').then(({ getRequestListener }) => getRequestListener(fetch, { hostname: options.host }));
  answer = await adapter;
  let closed = false;
  return {
    url,
    pipelineUrl: pipelineUrlOf(url),
    port,
    handle: async (request) => {
      if (closed) throw new TypeError(`the server at ${url} is closed`);
      return fetch(request);
    },
    close: async ({ graceMs = 0 } = {}) => {
      closed = true;
      pipeline.close();
      await closeServer(server, graceMs);
      await db?.close();
      deps.sandboxes.close();
    },
  };
}

/**
 * The default sandbox from the database file when there is one, the file locked to this server and
 * (re)written at once either way. A file that cannot be used is a DbError, never a silent reset.
 */
async function openDb(file: string, sandboxes: Sandboxes) {
  // Loaded only for --db: it brings Node's fs/promises, which a start without a file need not load.
  const { openSandboxFile } = await import('../store/persistence/open-db.js');
  return openSandboxFile(file, sandboxes);
}

/**
 * A write to the default sandbox (any method but GET and HEAD, no X-Mock-World) is answered once it is
 * on disk; one that could not be saved is a 500, as its change may not outlive the process.
 */
function answeredOnceSaved(
  fetch: (request: Request, ...rest: any[]) => Response | Promise<Response>,
  file: SandboxFile,
  onError: (error: Error) => void,
) {
  return async (request: Request, ...rest: any[]) => {
    const response = await fetch(request, ...rest);
    if (request.method === 'GET' || request.method === 'HEAD' || request.headers.has(WORLD_HEADER)) return response;
    try {
      await file.commit();
      return response;
    } catch (error) {
      onError(error as Error);
      return Response.json(errorBody(new ApiError(500, messages.internal)), { status: 500 });
    }
  };
}

const logLine = (method: string, path: string, status: number, started: number) =>
  `${method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`;

/**
 * Idle keep-alive connections go at once, busy ones once their answer is out (a connection kept alive
 * after its answer is idle again: swept every 20 ms rather than watched per request) or when the
 * grace is over.
 */
function closeServer(server: Server, graceMs: number) {
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 20);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    if (graceMs <= 0) server.closeAllConnections();
  });
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => unknown;

function listen(server: Server, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
