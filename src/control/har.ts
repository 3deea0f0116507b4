// HAR 1.2 entries from the pairs a server saw: the journal's (`GET /_mock/requests.har`) and `mock-api
// record`'s. Secrets are redacted unless kept: cookies, authorizations, the event socket's token in a
// URL, and the JSON members that carry a password or a token.
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { packageRoot } from '../store/fixtures/package-root.js';
import type { Har, HarEntry, HarHeader, HarSecrets } from './har-types.js';

export type * from './har-types.js';

export const REDACTED = '<redacted>';
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_QUERY = new Set(['authtoken', 'auth', 'token']);
const SECRET_MEMBERS = /^(password|currentPassword|token|authToken|secret|otp|qrCodeDataUrl)$/i;

/** A request and its answer, as a server or a proxy saw them. */
export interface Exchange {
  /** Epoch ms. */
  started: number;
  durationMs: number;
  method: string;
  url: string;
  requestHeaders: [string, string][];
  requestBody: string | null;
  status: number;
  responseHeaders: [string, string][];
  /** Text, or base64 with `responseEncoding`; null for none. */
  responseBody: string | null;
  responseEncoding?: 'base64';
  error?: string;
}

let version: string | undefined;
function packageVersion(): string {
  try {
    version ??= (JSON.parse(readFileSync(new URL('package.json', packageRoot), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    version = 'unknown';
  }
  return version;
}

export function harLog(entries: HarEntry[]): Har {
  return { log: { version: '1.2', creator: { name: 'mock-api', version: packageVersion() }, pages: [], entries } };
}

const bytes = (text: string | null) => (text === null ? 0 : Buffer.byteLength(text));
const headerValue = (headers: [string, string][], name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1];

export function harEntry(exchange: Exchange, secrets: HarSecrets): HarEntry {
  const keep = secrets === 'keep';
  const requestType = headerValue(exchange.requestHeaders, 'content-type') ?? 'application/octet-stream';
  const responseType = headerValue(exchange.responseHeaders, 'content-type') ?? '';
  const url = keep ? exchange.url : redactUrl(exchange.url);
  const requestBody = keep ? exchange.requestBody : redactBody(exchange.requestBody);
  const responseBody = keep || exchange.responseEncoding ? exchange.responseBody : redactBody(exchange.responseBody);
  const content: HarEntry['response']['content'] = { size: bytes(responseBody), mimeType: responseType };
  if (responseBody !== null) content.text = responseBody;
  if (exchange.responseEncoding) content.encoding = exchange.responseEncoding;
  const time = Math.max(0, Number(exchange.durationMs.toFixed(3)));
  return {
    startedDateTime: new Date(exchange.started).toISOString(),
    time,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: cookiesOf(exchange.requestHeaders, 'cookie', keep),
      headers: harHeaders(exchange.requestHeaders, keep),
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(requestBody === null ? {} : { postData: { mimeType: requestType, text: requestBody } }),
      headersSize: -1,
      bodySize: bytes(requestBody),
    },
    response: {
      status: exchange.status,
      statusText: STATUS_CODES[exchange.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: cookiesOf(exchange.responseHeaders, 'set-cookie', keep),
      headers: harHeaders(exchange.responseHeaders, keep),
      content,
      redirectURL: headerValue(exchange.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: content.size,
      ...(exchange.error === undefined ? {} : { _error: exchange.error }),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  };
}

/** A secret header's value redacted; an authorization keeps its scheme (`Basic <redacted>`), which says how the client logged in. */
function harHeaders(headers: [string, string][], keep: boolean): HarHeader[] {
  return headers.map(([name, value]) => {
    if (keep || !SECRET_HEADERS.has(name.toLowerCase())) return { name, value };
    const scheme = /authorization$/i.test(name) ? /^(\w+) /.exec(value)?.[1] : undefined;
    return { name, value: scheme ? `${scheme} ${REDACTED}` : REDACTED };
  });
}

/** The cookies a `Cookie` header sends or each `Set-Cookie` sets, by name; their values redacted unless kept. */
function cookiesOf(headers: [string, string][], name: 'cookie' | 'set-cookie', keep: boolean): HarHeader[] {
  const lines = headers.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);
  const pairs = name === 'cookie' ? lines.flatMap((line) => line.split(';')) : lines.map((line) => line.split(';', 1)[0]!);
  return pairs
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: keep ? pair.slice(at + 1) : REDACTED };
    });
}

/** The event socket's `?authToken=` (and any `token`) of a URL. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  let changed = false;
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_QUERY.has(name.toLowerCase())) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

/** A JSON body with its passwords and tokens redacted; any other text as it is. */
export function redactBody(text: string | null): string | null {
  if (text === null || !/"(password|currentPassword|token|authToken|secret|otp|qrCodeDataUrl)"/i.test(text)) return text;
  try {
    return JSON.stringify(redactValue(JSON.parse(text)));
  } catch {
    return text;
  }
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [key, SECRET_MEMBERS.test(key) && member !== null ? REDACTED : redactValue(member)]),
  );
}
