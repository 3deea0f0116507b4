// The control plane (/_mock) as typed calls, for test suites: works against a server started in
// process (`startServer`) or by the CLI (give its URL). Only fetch: nothing here loads the server.

import type {
  ActiveRule,
  Badge,
  BadgeAssignment,
  CollectionName,
  FixtureRecord,
  NewWorldOptions,
  LoginOptions,
  OutboxEmail,
  PipelineFrame,
  PipelineState,
  Presence,
  PresenceChange,
  RequestFilters,
  RequestsReader,
  ScenarioFile,
  Session,
  SettingsChange,
  SocketFaults,
  SocketFaultsChange,
  WorldSettings,
} from './client-types.js';
import { answer, ControlError, reaching, ServerUnreachable } from './control-error.js';
import { login, sandboxFetch } from './client-login.js';
import { journalQuery, journalReader } from './client-journal.js';

export type * from './client-types.js';
export { ControlError, ServerUnreachable };

/** The request header that picks an isolated world. */
export const WORLD_HEADER_NAME = 'X-Mock-World';

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
  /**
   * Logs `username` in with a password (and `options.code` for a user with two-factor authentication)
   * and answers the session: its cookie, the user, and a fetch bound to both it and this world.
   */
  login(username: string, password: string, options?: LoginOptions): Promise<Session>;
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
    /** Sets the world's clock; a time the server refuses (not a date, out of range) is a ControlError. */
    set(at: Date | string): Promise<Date>;
  };
  /** The world's switches (`/_mock/settings`); a reset returns to the starting ones. */
  settings: {
    get(): Promise<WorldSettings>;
    /** Changes the switches given, answers them all. */
    set(change: SettingsChange): Promise<WorldSettings>;
  };
  scenarios: {
    /** Adds run-time rules, which win over those loaded at start. */
    use(scenario: ScenarioFile): Promise<void>;
    list(): Promise<ActiveRule[]>;
    /** Drops the run-time rules. */
    reset(): Promise<void>;
  };
  worlds: {
    /**
     * A new isolated world from the same starting data, with its own sessions and clock; `fixtures`
     * are merged over that data, checked as fixture files are (a ControlError naming each problem's
     * JSON path, and no world, when they do not pass).
     */
    create(options?: NewWorldOptions): Promise<WorldHandle>;
    delete(id: string): Promise<void>;
  };
  /** One record of the running world, checked as fixtures are: the API shows a change at once. */
  records: {
    /** Puts `record` in place of the one with its id, or adds it. */
    put<C extends CollectionName>(collection: C, record: FixtureRecord<C>): Promise<void>;
    /** Refused (a ControlError) while another record still names it. */
    delete(collection: CollectionName, id: string): Promise<void>;
  };
  /** Moves any user (`POST /_mock/users/{userId}/presence`): friends' lists and event sockets follow. */
  presence(userId: string, change: PresenceChange): Promise<Presence>;
  /** The badges the server gives and takes back; the holder's sockets get `user-badge-assigned` / `-unassigned`. */
  badges: {
    assign(userId: string, badge: BadgeAssignment): Promise<Badge>;
    unassign(userId: string, badgeId: string): Promise<void>;
  };
  /** The world's event sockets (`/_mock/pipeline`). */
  pipeline: {
    get(): Promise<PipelineState>;
    /** Sends a frame as if the world had caused it; answers how many sockets it went to. */
    send(frame: PipelineFrame): Promise<number>;
    /** Cuts a user's sockets (all of the world's without `userId`) as a network failure does; answers how many. */
    drop(userId?: string): Promise<number>;
    faults: {
      get(): Promise<SocketFaults>;
      /** Replaces the faults as a whole. */
      set(faults: SocketFaultsChange): Promise<SocketFaults>;
      clear(): Promise<SocketFaults>;
    };
  };
  /** The requests the API answered (the last 1000), oldest first, narrowed by `filters`; `.har()` gives them as HAR 1.2. */
  requests: RequestsReader;
  /** How many of the journal's requests the filters keep. */
  requestCount(filters?: RequestFilters): Promise<number>;
  /** Drops the journal's entries the filters keep (all of them without filters). */
  clearRequests(filters?: Omit<RequestFilters, 'path'> & { path?: string }): Promise<void>;
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
  return controlClientVia(server, globalThis.fetch);
}

/** What carries a control-plane call: fetch over HTTP, or the server's own handler when it runs in this process. */
export type ControlTransport = (url: string, init: RequestInit) => Promise<Response>;

/** A control client whose `/_mock` calls go through `send` (the API's requests still go over HTTP). */
export function controlClientVia(server: string | ServerUrls, send: ControlTransport): ControlClient {
  const given = typeof server === 'string' ? { url: server } : server;
  const url = new URL(given.url).origin;
  const urls = {
    url,
    apiUrl: given.apiUrl ?? `${url}/api/1`,
    pipelineUrl: given.pipelineUrl ?? `${url.replace(/^http/, 'ws')}/`,
  };
  return clientFor(urls, undefined, send);
}

/** A time as the control plane takes it; what is no date goes as given, for the server to refuse. */
const isoTime = (at: Date | string) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? String(at) : date.toISOString();
};

function clientFor(urls: Required<ServerUrls>, worldId: string | undefined, send: ControlTransport): ControlClient {
  const headers: Record<string, string> = worldId === undefined ? {} : { [WORLD_HEADER_NAME]: worldId };
  const fetchSandbox = sandboxFetch(urls.apiUrl, headers);

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    return (await answer(await reaching(urls.url, send(`${urls.url}/_mock${path}`, init)), `${method} /_mock${path}`)) as T;
  }
  const now = async (reply: Promise<{ now: string }>) => new Date((await reply).now);
  const faults = (method: string, body?: SocketFaultsChange) => call<SocketFaults>(method, '/pipeline/faults', body);

  const client: ControlClient = {
    ...urls,
    headers,
    fetch: (input, init) => fetchSandbox(input, init),
    login: (username, password, options) => login(fetchSandbox, username, password, options),
    reset: async () => void (await call('POST', '/reset')),
    snapshot: async () => void (await call('POST', '/snapshot')),
    restore: async () => void (await call('POST', '/restore')),
    clock: {
      get: () => now(call('GET', '/clock')),
      advance: (ms) => now(call('POST', '/clock', { advanceMs: ms })),
      set: (at) => now(call('POST', '/clock', { set: isoTime(at) })),
    },
    settings: {
      get: () => call('GET', '/settings'),
      set: (change) => call('PATCH', '/settings', change),
    },
    scenarios: {
      use: async (scenario) => void (await call('POST', '/scenarios', scenario)),
      list: () => call('GET', '/scenarios'),
      reset: async () => void (await call('DELETE', '/scenarios')),
    },
    worlds: {
      create: async (options = {}) => {
        const { clock, ...rest } = options;
        const body = clock === undefined ? rest : { ...rest, clock: isoTime(clock) };
        // A sandbox of the default records needs no body, and the server then has none to read and check.
        const { id } = await call<{ id: string }>('POST', '/worlds', Object.keys(body).length > 0 ? body : undefined);
        const isolated = clientFor(urls, id, send);
        return { ...isolated, id, delete: () => client.worlds.delete(id) };
      },
      delete: async (id) => void (await call('DELETE', `/worlds/${encodeURIComponent(id)}`)),
    },
    records: {
      put: async (collection, record) => void (await call('PUT', `/records/${encodeURIComponent(collection)}`, record)),
      delete: async (collection, id) => void (await call('DELETE', `/records/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`)),
    },
    presence: (userId, change) => call('POST', `/users/${encodeURIComponent(userId)}/presence`, change),
    badges: {
      assign: (userId, badge) => call('POST', `/users/${encodeURIComponent(userId)}/badges`, badge),
      unassign: async (userId, badgeId) =>
        void (await call('DELETE', `/users/${encodeURIComponent(userId)}/badges/${encodeURIComponent(badgeId)}`)),
    },
    pipeline: {
      get: () => call('GET', '/pipeline'),
      send: async (frame) => (await call<{ sent: number }>('POST', '/pipeline', frame)).sent,
      drop: async (userId) => (await call<{ dropped: number }>('POST', '/pipeline/drop', userId === undefined ? {} : { userId })).dropped,
      faults: { get: () => faults('GET'), set: (change) => faults('POST', change), clear: () => faults('DELETE') },
    },
    requests: journalReader(call),
    requestCount: async (filters = {}) => {
      const { path } = filters;
      if (path instanceof RegExp) return (await client.requests(filters)).length;
      return (await call<{ count: number }>('GET', `/requests/count${journalQuery(filters)}`)).count;
    },
    clearRequests: async (filters = {}) => void (await call('DELETE', `/requests${journalQuery(filters)}`)),
    outbox: () => call('GET', '/outbox'),
    operations: () => call('GET', '/operations'),
  };
  return client;
}
