import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { openedSessionToken } from '../http/cookies.js';
import { namedSession, sessionToken } from '../http/session.js';
import type { AppEnv } from '../http/env.js';
import { answeredText, nodeRequest, rawQuery, readRequestText, requestedSandboxId, requestHeader, requestText } from '../http/helpers.js';
import { answeredBy } from '../scenarios/middleware.js';
import { LIMITS } from '../limits.js';
import type { JournalEntry } from './journal-entry.js';

export type { JournalEntry } from './journal-entry.js';

/** A body kept in the journal is cut at this many bytes. */
export const MAX_JOURNAL_BODY_BYTES = LIMITS.journalBodyBytes.value;
/** The journal drops its oldest entries past this many bytes of bodies, whatever their number. */
export const MAX_JOURNAL_BYTES = LIMITS.journalBytes.value;

/**
 * An entry as recorded on every request: raw values, formatted only when listed (formatting a date,
 * rounding and copying headers per request cost a measurable share of a read's time). It holds as
 * few objects as it can: under load a thousand entries outlive young collections, and whatever they
 * hold is promoted and grows the old heap until the next full collection.
 */
export interface RecordedEntry extends Omit<JournalEntry, 'at' | 'requestHeaders' | 'responseHeaders' | 'durationMs'> {
  /** Epoch ms. */
  at: number;
  durationMs: number;
  /** Node's raw header list (names as sent, each followed by its value), or the web Headers under app.request. */
  requestHeaders: string[] | Headers;
  /** Name and value after name and value, as the answer's headers list them. */
  responseHeaders: string[];
  bytes: number;
}

const listed = ({ bytes: _, ...entry }: RecordedEntry): JournalEntry => ({
  ...entry,
  at: new Date(entry.at).toISOString(),
  durationMs: Number(entry.durationMs.toFixed(3)),
  requestHeaders: listedRequestHeaders(entry.requestHeaders),
  responseHeaders: pairsOf(entry.responseHeaders),
});

/** The journal and the console never show a password: a Basic authorization keeps only its scheme. */
function listedRequestHeaders(headers: string[] | Headers): Record<string, string> {
  const listedHeaders = pairsOf(headers instanceof Headers ? [...headers].flat() : headers);
  const authorization = listedHeaders.authorization;
  if (authorization !== undefined && /^basic /i.test(authorization)) listedHeaders.authorization = 'Basic <redacted>';
  return listedHeaders;
}

/** Headers by lower-case name from a flat list; a name given twice has its values joined by `, `. */
function pairsOf(flat: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = flat[i]!.toLowerCase();
    headers[name] = name in headers ? `${headers[name]}, ${flat[i + 1]}` : flat[i + 1]!;
  }
  return headers;
}

/**
 * Takes the last entry's path, query and header lists where they are equal: a client repeating one
 * request leaves one copy of them in the journal rather than a thousand.
 */
function shareWithLast(entry: RecordedEntry, last: RecordedEntry) {
  if (entry.path === last.path) entry.path = last.path;
  if (entry.query === last.query) entry.query = last.query;
  if (sameList(entry.requestHeaders, last.requestHeaders)) entry.requestHeaders = last.requestHeaders;
  if (sameList(entry.responseHeaders, last.responseHeaders)) entry.responseHeaders = last.responseHeaders;
}

function sameList(a: string[] | Headers, b: string[] | Headers): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A response's headers as a flat list, the one array a journal entry keeps of them. */
function flatHeaders(headers: Headers): string[] {
  const flat: string[] = [];
  for (const [name, value] of headers) flat.push(name, value);
  return flat;
}

/** A text within MAX_JOURNAL_BODY_BYTES, and its size in bytes. */
function bounded(text: string | null | undefined): { text: string | null; bytes: number; cut: boolean } {
  if (text === null || text === undefined) return { text: null, bytes: 0, cut: false };
  // Three bytes per UTF-16 unit at most: a short text needs no counting.
  if (text.length * 3 <= MAX_JOURNAL_BODY_BYTES) return { text, bytes: text.length * 3, cut: false };
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_JOURNAL_BODY_BYTES) return { text, bytes: bytes.length, cut: false };
  return { text: bytes.subarray(0, MAX_JOURNAL_BODY_BYTES).toString('utf8'), bytes: MAX_JOURNAL_BODY_BYTES, cut: true };
}

export type JournalFilter = (entry: RecordedEntry) => boolean;

/** What the middleware records; the journal numbers it. */
export type NewEntry = Omit<RecordedEntry, 'seq'>;

/** The last requests the API answered, for tests that assert what their client sent (WireMock's journal). */
export class RequestJournal {
  private entries: RecordedEntry[] = [];
  /** Entries before this index are dropped; compacted now and then rather than shifted per request. */
  private start = 0;
  private bytes = 0;
  private lastSeq = 0;
  private readonly listeners = new Set<(entry: JournalEntry) => void>();

  constructor(
    private readonly capacity: number = LIMITS.journalEntries.value,
    private readonly maxBytes = MAX_JOURNAL_BYTES,
  ) {}

  record(recorded: NewEntry): RecordedEntry {
    const entry = Object.assign(recorded, { seq: ++this.lastSeq });
    const last = this.entries[this.entries.length - 1];
    if (last) shareWithLast(entry, last);
    this.entries.push(entry);
    this.bytes += entry.bytes;
    while (this.entries.length - this.start > this.capacity || (this.bytes > this.maxBytes && this.entries.length - this.start > 1)) {
      this.bytes -= this.entries[this.start]!.bytes;
      this.start += 1;
    }
    if (this.start > this.capacity) {
      this.entries = this.entries.slice(this.start);
      this.start = 0;
    }
    if (this.listeners.size) {
      const listedEntry = listed(entry);
      for (const listener of this.listeners) listener(listedEntry);
    }
    return entry;
  }

  /**
   * Calls `listener` with every entry recorded from now on (the console's live list); returns the
   * unsubscribe. Given `after`, it is first called with each entry still held whose `seq` is greater,
   * so a client that read the journal up to `after` misses nothing recorded since.
   */
  onRecord(listener: (entry: JournalEntry) => void, after?: number): () => void {
    if (after !== undefined) {
      for (let i = this.start; i < this.entries.length; i++) if (this.entries[i]!.seq > after) listener(listed(this.entries[i]!));
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Oldest first. */
  list(filter: JournalFilter = () => true): JournalEntry[] {
    const found: JournalEntry[] = [];
    for (let i = this.start; i < this.entries.length; i++) if (filter(this.entries[i]!)) found.push(listed(this.entries[i]!));
    return found;
  }

  /** The entries as recorded, unformatted and unredacted (the HAR of `GET /_mock/requests.har`); oldest first. */
  recorded(filter: JournalFilter = () => true): readonly RecordedEntry[] {
    const found: RecordedEntry[] = [];
    for (let i = this.start; i < this.entries.length; i++) if (filter(this.entries[i]!)) found.push(this.entries[i]!);
    return found;
  }

  count(filter: JournalFilter = () => true): number {
    let count = 0;
    for (let i = this.start; i < this.entries.length; i++) if (filter(this.entries[i]!)) count += 1;
    return count;
  }

  /** Drops the entries the filter picks (all when none is given). */
  clear(filter: JournalFilter = () => true) {
    this.entries = this.entries.slice(this.start).filter((entry) => !filter(entry));
    this.start = 0;
    this.bytes = this.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  }
}

/**
 * Records every API request once its answer is final: mounted outside the API's own middleware, so
 * an answer made by `onError` (an unknown sandbox, say) is recorded with the status it really had.
 */
export function recordRequests(journal: RequestJournal, onRecorded?: (c: Context<AppEnv>, entry: RecordedEntry) => void) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const rule = answeredBy(c);
    const reading = readRequestText(c) ?? (hasBody(c) && !rule?.fault ? requestText(c) : undefined);
    const request = bounded(reading ? await reading.catch(() => null) : null);
    const response = bounded(answeredText(c));
    const user = userOf(c);
    const entry: NewEntry = {
      at: Date.now(),
      method: c.req.method,
      path: c.req.path,
      query: rawQuery(c),
      requestHeaders: nodeRequest(c)?.rawHeaders ?? c.req.raw.headers,
      status: rule?.sent ?? c.res.status,
      world: requestedSandboxId(c) ?? null,
      durationMs: performance.now() - started,
      userId: user?.id ?? null,
      username: user?.username ?? null,
      requestBody: request.text,
      responseHeaders: flatHeaders(c.res.headers),
      responseBody: response.text,
      truncated: request.cut || response.cut,
      rule: rule ? { scenario: rule.scenario, index: rule.rule, ...(rule.fault ? { fault: rule.fault } : {}) } : null,
      bytes: 256 + request.bytes + response.bytes,
    };
    const recorded = journal.record(entry);
    onRecorded?.(c, recorded);
  });
}

/**
 * The entry of a request answered as `entry`'s was, at `at` with its own headers and duration: built
 * field by field as the middleware builds one, so that both have one shape (V8 reads an object made by
 * a spread or a rest pattern slowly, and the journal reads every entry it records).
 */
export function entryAgain(entry: NewEntry, at: number, requestHeaders: string[], durationMs: number): NewEntry {
  return {
    at,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    requestHeaders,
    status: entry.status,
    world: entry.world,
    durationMs,
    userId: entry.userId,
    username: entry.username,
    requestBody: entry.requestBody,
    responseHeaders: entry.responseHeaders,
    responseBody: entry.responseBody,
    truncated: entry.truncated,
    rule: entry.rule,
    bytes: entry.bytes,
  };
}

/**
 * A body nothing has read yet (the request was refused before its handler) is read here, before the
 * answer goes out: node discards an unread body once it has.
 */
function hasBody(c: Context): boolean {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return false;
  if (!nodeRequest(c)) return c.req.raw.body !== null;
  return Number(requestHeader(c, 'content-length') ?? 0) > 0 || requestHeader(c, 'transfer-encoding') !== undefined;
}

/**
 * The session's user: set by the auth middleware; else the user of the session the answer opened (a
 * login, a registration), which no request cookie names yet; else the one the request's cookie names.
 */
function userOf(c: Context<AppEnv>): { id: string; username: string } | undefined {
  const user = c.get('user');
  if (user) return user;
  const sandbox = c.get('sandbox');
  if (!sandbox) return undefined;
  const session = namedSession(c, openedSessionToken(c.res.headers) ?? sessionToken(c));
  return session ? sandbox.users.get(session.userId) : undefined;
}
