// The control plane (/_mock) as typed calls, for test suites: works against a server started in
// process (`startServer`) or by the CLI (give its URL). Only fetch: nothing here loads the server.

/** The request header that picks an isolated world. */
export const WORLD_HEADER_NAME = 'X-Mock-World';

/** A scenario as its JSON file holds it (see README "Scripted failures" and `scenario.schema.json`). */
export interface ScenarioFile {
  $schema?: string;
  name: string;
  description?: string;
  rules: ScenarioRule[];
}

/** One rule of a scenario; the server checks it and answers 400 naming any problem. */
export interface ScenarioRule {
  match: { method?: string; path: string; query?: Record<string, string>; headers?: Record<string, string>; user?: string };
  response?: { status: number; message?: string; wafCode?: number; body?: unknown; headers?: Record<string, string> };
  fault?: 'connection-reset' | 'empty-response' | 'malformed-json' | (string & {});
  delayMs?: number;
  times?: number;
  [field: string]: unknown;
}

/** An active rule as `GET /_mock/scenarios` lists it. */
export interface ActiveRule {
  scenario: string;
  hits: number;
  [field: string]: unknown;
}

/** A request the API answered, as the journal (`GET /_mock/requests`) lists it. */
export interface RecordedRequest {
  at: string;
  method: string;
  path: string;
  status: number;
  world: string | null;
  durationMs: number;
  [field: string]: unknown;
}

/** An email the world "sent" (a login code, say), as `GET /_mock/outbox` lists it. */
export interface OutboxEmail {
  id: string;
  to: string;
  userId: string;
  subject: string;
  body: string;
  code?: string;
  sentAt: string;
  [field: string]: unknown;
}

/** Narrows `requests()`; every filter given must hold. */
export interface RequestFilters {
  method?: string;
  /** The exact path (`/api/1/auth/user`), or a RegExp tested against it. */
  path?: string | RegExp;
  status?: number;
}

/** The control plane's answer to anything but a success, as an exception. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message;
    super(`${what} answered ${status}${message ? `: ${message}` : ''}`);
  }
}

export interface ControlClient {
  /** The server's root, e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  /** The API's base URL (`<url>/api/1`), for an HTTP client or an SDK's `baseUrl`. */
  readonly apiUrl: string;
  /** The event socket's URL, for an SDK's pipeline `baseUrl`. */
  readonly pipelineUrl: string;
  /** Headers every request to this world must carry (none for the default world). */
  readonly headers: Readonly<Record<string, string>>;
  /** fetch against this world: a path (`/auth/user`) is taken below `apiUrl`; the world's header is added. */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /** Rebuilds the world from its starting data and ends its sessions; drops its run-time scenario rules. */
  reset(): Promise<void>;
  /** Keeps a copy of the world's current state, in place of its earlier one. */
  snapshot(): Promise<void>;
  /** Puts the world back as its snapshot holds it. */
  restore(): Promise<void>;
  clock: {
    get(): Promise<Date>;
    /** Moves the world's clock forward by `ms` milliseconds. */
    advance(ms: number): Promise<Date>;
    set(at: Date | string): Promise<Date>;
  };
  scenarios: {
    /** Adds run-time rules, which win over those loaded at start. */
    use(scenario: ScenarioFile): Promise<void>;
    list(): Promise<ActiveRule[]>;
    /** Drops the run-time rules. */
    reset(): Promise<void>;
  };
  worlds: {
    /** A new isolated world from the same starting data, with its own sessions and clock. */
    create(): Promise<WorldHandle>;
    delete(id: string): Promise<void>;
  };
  /** The requests the API answered (the last 1000), oldest first, narrowed by `filters`. */
  requests(filters?: RequestFilters): Promise<RecordedRequest[]>;
  /** The emails the world "sent", newest first (`GET /_mock/outbox`). */
  outbox(): Promise<OutboxEmail[]>;
  /** The operations the server answers (`GET /_mock/operations`). */
  operations(): Promise<unknown[]>;
}

/** An isolated world: every call, and every request through `fetch`, carries its `X-Mock-World` header. */
export interface WorldHandle extends ControlClient {
  readonly id: string;
  /** Removes the world from the server. */
  delete(): Promise<void>;
}

export interface ServerUrls {
  url: string;
  apiUrl?: string;
  pipelineUrl?: string;
}

/**
 * A client of the control plane of the server at `server` (its root URL, its `/api/1` URL, or what
 * `startServer` answered), acting on the default world.
 */
export function controlClient(server: string | ServerUrls): ControlClient {
  const given = typeof server === 'string' ? { url: server } : server;
  const url = new URL(given.url).origin;
  const urls = {
    url,
    apiUrl: given.apiUrl ?? `${url}/api/1`,
    pipelineUrl: given.pipelineUrl ?? `${url.replace(/^http/, 'ws')}/`,
  };
  return clientFor(urls, undefined);
}

function clientFor(urls: Required<ServerUrls>, worldId: string | undefined): ControlClient {
  const headers: Record<string, string> = worldId === undefined ? {} : { [WORLD_HEADER_NAME]: worldId };

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await globalThis.fetch(`${urls.url}/_mock${path}`, init);
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ControlError(response.status, parsed, `${method} /_mock${path}`);
    return parsed as T;
  }
  const now = async (reply: Promise<{ now: string }>) => new Date((await reply).now);

  const client: ControlClient = {
    ...urls,
    headers,
    fetch: (input, init = {}) => {
      const target = typeof input === 'string' && input.startsWith('/') ? `${urls.apiUrl}${input}` : input;
      const merged = new Headers(init.headers);
      for (const [name, value] of Object.entries(headers)) merged.set(name, value);
      return globalThis.fetch(target, { ...init, headers: merged });
    },
    reset: async () => void (await call('POST', '/reset')),
    snapshot: async () => void (await call('POST', '/snapshot')),
    restore: async () => void (await call('POST', '/restore')),
    clock: {
      get: () => now(call('GET', '/clock')),
      advance: (ms) => now(call('POST', '/clock', { advanceMs: ms })),
      set: (at) => now(call('POST', '/clock', { set: new Date(at).toISOString() })),
    },
    scenarios: {
      use: async (scenario) => void (await call('POST', '/scenarios', scenario)),
      list: () => call('GET', '/scenarios'),
      reset: async () => void (await call('DELETE', '/scenarios')),
    },
    worlds: {
      create: async () => {
        const { id } = await call<{ id: string }>('POST', '/worlds');
        const world = clientFor(urls, id);
        return { ...world, id, delete: () => client.worlds.delete(id) };
      },
      delete: async (id) => void (await call('DELETE', `/worlds/${encodeURIComponent(id)}`)),
    },
    requests: async (filters = {}) => {
      const entries = await call<RecordedRequest[]>('GET', '/requests');
      return entries.filter(
        (entry) =>
          (worldId === undefined || entry.world === undefined || entry.world === worldId) &&
          (filters.method === undefined || entry.method === filters.method.toUpperCase()) &&
          (filters.status === undefined || entry.status === filters.status) &&
          (filters.path === undefined || (typeof filters.path === 'string' ? entry.path === filters.path : filters.path.test(entry.path))),
      );
    },
    outbox: () => call('GET', '/outbox'),
    operations: () => call('GET', '/operations'),
  };
  return client;
}
