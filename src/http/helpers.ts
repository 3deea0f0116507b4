import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import type { TimeSpan } from '../store/read-cache.js';
import type { CachedRead } from '../store/sandbox.js';
import { ApiError, messages } from '../errors.js';
import { liveMessage } from '../live-messages.js';
import { LIMITS } from '../limits.js';
import { checkTextLengths } from './text-limits.js';
import { bodyTooLarge, MAX_REQUEST_BODY_BYTES, requestText } from './request-body.js';
import { nodeRequest, requestHeader } from './request-headers.js';

export { bodyBytesRead, readRequestText, requestText } from './request-body.js';
export { nodeRequest, requestedSandboxId, requestHeader } from './request-headers.js';

/**
 * Refuses a body that declares more than MAX_REQUEST_BODY_BYTES with 413 before reading it. A body
 * that declares no length (chunked) is counted while it is read (see request-body.ts).
 */
export function limitJsonBody(): MiddlewareHandler {
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (Number(requestHeader(c, 'content-length') ?? 0) > MAX_REQUEST_BODY_BYTES) throw bodyTooLarge();
    return next();
  };
}

/** Context -> the JSON text it answered, for the request journal. */
const answeredTexts = new WeakMap<object, string>();

/** The JSON text the request was answered with, when it was answered through `json` or `cachedJson`. */
export const answeredText = (c: Context): string | undefined => answeredTexts.get(c);

/** Context -> the read cache's answer it was answered with, and the answer's key. */
const answeredReads = new WeakMap<object, { key: string; read: CachedRead }>();

/** The read cache's answer the request was answered with, when it was answered through `cachedJson`. */
export const answeredRead = (c: Context) => answeredReads.get(c);

/** Reads a JSON object body; a malformed or non-object body is a 400 envelope, an empty one is {}. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body = await parseJsonBody(c);
  const sandbox = (c as Context<AppEnv>).get('sandbox') as AppEnv['Variables']['sandbox'] | undefined;
  if (sandbox) checkTextLengths(body, sandbox.settings.maxTextLength);
  return body;
}

async function parseJsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await requestText(c);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, messages.malformedJson);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(400, messages.bodyNotObject);
  }
  return parsed as Record<string, unknown>;
}

/** Where the simulated API's paths start; scenario rules and the journal's filters name paths below it. */
export const API_PREFIX = '/api/1';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response with the content type every real-API client expects. */
export function json(c: Context, body: unknown, status = 200): Response {
  const answer = answerOf(c, body);
  answeredTexts.set(c, answer.text);
  return c.body(answer.text, status as 200, headersOf(answer));
}

/**
 * A read's JSON, made once and answered again until a write request reaches the sandbox (see
 * Sandbox.revision) or, when `span` is given, the sandbox's clock leaves the span in which the answer
 * holds. Only for answers that follow from the sandbox's records, the viewer, the request and (within
 * `span`) the clock: nothing that changes on a GET.
 */
export function cachedJson(c: Context<AppEnv>, key: string, read: () => unknown, span?: TimeSpan): Response {
  const sandbox = c.get('sandbox');
  const now = sandbox.clock.now();
  let cached = sandbox.readCache.get(key);
  if (cached?.revision !== sandbox.revision || now < cached.from || now >= cached.until) {
    cached = { revision: sandbox.revision, from: span?.from ?? -Infinity, until: span?.until ?? Infinity, ...answerOf(c, read()) };
    sandbox.readCache.set(key, cached);
  }
  answeredTexts.set(c, cached.text);
  answeredReads.set(c, { key, read: cached });
  return c.body(cached.text, 200, headersOf(cached));
}

interface Answer {
  text: string;
  /** Items answered when the list was cut at LIMITS.listAnswerBytes. */
  cutTo?: number;
}

/** Names the items a cut list answered, so that a client paging by `offset += n` can page by them instead. */
const LIST_CUT_HEADER = 'X-Mock-List-Cut';

const headersOf = ({ cutTo }: Answer): Record<string, string> =>
  cutTo === undefined ? { 'Content-Type': JSON_TYPE } : { 'Content-Type': JSON_TYPE, [LIST_CUT_HEADER]: String(cutTo) };

/**
 * The JSON of an answer. A list an API read answers (a JSON array) ends before the item that would take
 * it past LIMITS.listAnswerBytes, at least one item kept: a page of large records must not become an
 * answer of many megabytes that every other request waits behind.
 */
function answerOf(c: Context, body: unknown): Answer {
  const text = JSON.stringify(body);
  const max = LIMITS.listAnswerBytes.value;
  if (text.length <= max || !Array.isArray(body) || !(c as Context<AppEnv>).get('sandbox')) return { text };
  const items: string[] = [];
  let length = 2;
  for (const item of body as unknown[]) {
    const itemText = JSON.stringify(item) ?? 'null';
    if (items.length > 0 && length + itemText.length + 1 > max) break;
    items.push(itemText);
    length += itemText.length + 1;
  }
  return { text: `[${items.join(',')}]`, cutTo: items.length };
}

/** Parameter names of a query schema, worked out once per schema. */
const queryNames = new WeakMap<object, ReadonlySet<string>>();

/**
 * The query parameters a handler's schema reads, as a cache key: `n=10&x=1` and `n=10&x=2` are one
 * answer when the handler reads only `n`, and must not be two entries of the read cache.
 */
export function queryKey(c: Context, schema: { shape: Record<string, unknown> }): string {
  const raw = rawQuery(c);
  if (raw === '') return '';
  let names = queryNames.get(schema);
  if (!names) queryNames.set(schema, (names = new Set(Object.keys(schema.shape))));
  return raw
    .split('&')
    .filter((pair) => {
      const end = pair.indexOf('=');
      return names.has(decodeName(end === -1 ? pair : pair.slice(0, end)));
    })
    .join('&');
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** The request's query string as sent (`n=60&offset=0`), empty when it has none. */
export function rawQuery(c: Context): string {
  const url = nodeRequest(c)?.url ?? c.req.url;
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

export function errorBody(error: ApiError) {
  return envelope(error.status, error.message, error.wafCode);
}

function envelope(status: number, message: string, wafCode: number | undefined) {
  const body: { message: string; status_code: number; waf_code?: number } = { message, status_code: status };
  if (wafCode !== undefined) body.waf_code = wafCode;
  return { error: body };
}

/** The error as the request's sandbox answers it: under the `live` profile, with the live service's status and characters. */
export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  if (c.get('sandbox')?.settings.profile !== 'live') return json(c, errorBody(error), error.status);
  const status = error.live?.status ?? error.status;
  return json(c, envelope(status, liveMessage(error.live?.message ?? error.message), error.wafCode), status);
}

/** The scheme, host and port the client reached this server at: the base of the URLs answers give it. */
export const requestOrigin = (c: Context): string => new URL(c.req.url).origin;

export const success = (message: string) => ({ success: { message, status_code: 200 } });
