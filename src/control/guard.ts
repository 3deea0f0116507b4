import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, messages } from '../errors.js';
import { nodeRequest, requestHeader } from '../http/helpers.js';
import { hostName, isAcceptedHost } from '../http/accepted-host.js';

/** What the control plane (`/_mock`) and upload URLs (`/_uploads`) accept besides their own address. */
export interface ControlGuardOptions {
  /** Host names besides `localhost` and IP addresses that a request's Host header may name. */
  allowedHosts?: string[];
  /** Origins besides the server's own that may call the control plane from a browser. */
  allowedOrigins?: string[];
  /**
   * When set, every /_mock request but GET /_mock/health must carry it as `Authorization: Bearer <token>`
   * (or, for the console page, its event stream and its HAR link, as the query parameter `token`).
   */
  token?: string;
}

/** What holds no state and no secret: the health check, and the console's script and style (a page cannot send the token with them). */
const TOKENLESS = new Set(['/_mock/health', '/_mock/console.js', '/_mock/console.css']);

/**
 * What a browser opens by its address, so cannot send a header: the console page, its event stream
 * and its HAR download link. Only these GETs take the token as the query parameter `token`; anywhere
 * else a token in an address (kept in histories, logs and Referer headers) is not accepted.
 */
const TOKEN_IN_QUERY = new Set(['/_mock', '/_mock/', '/_mock/console', '/_mock/requests/stream', '/_mock/requests.har']);

const hostOf = (c: Context) => requestHeader(c, 'host') ?? new URL(c.req.url).host;

const isJson = (contentType: string | undefined) => {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
};

const hasBody = (c: Context) => {
  if (!nodeRequest(c)) return c.req.raw.body !== null;
  const length = requestHeader(c, 'content-length');
  return (length !== undefined && length.trim() !== '0') || requestHeader(c, 'transfer-encoding') !== undefined;
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Refuses what a web page could send to a developer's machine: a foreign Origin (a page elsewhere),
 * a Host that is not this server's (DNS rebinding), and on /_mock a body that is not JSON (an HTML
 * form or a `text/plain` fetch, which need no preflight). With a token configured (required when the
 * server listens beyond loopback), /_mock also wants `Authorization: Bearer <token>`.
 */
export function controlGuard(options: ControlGuardOptions = {}, { control = true } = {}): MiddlewareHandler {
  return async (c, next) => {
    const host = hostOf(c);
    if (options.token === undefined && !isAcceptedHost(host, options)) throw new ApiError(403, messages.controlHostRefused(hostName(host)));
    const origin = requestHeader(c, 'origin');
    if (origin !== undefined && origin !== `${new URL(c.req.url).protocol}//${host}` && !(options.allowedOrigins ?? []).includes(origin)) {
      throw new ApiError(403, messages.controlOriginRefused(origin));
    }
    if (control && options.token !== undefined && !(c.req.method === 'GET' && TOKENLESS.has(c.req.path))) {
      const auth = requestHeader(c, 'authorization') ?? '';
      const inQuery = c.req.method === 'GET' && TOKEN_IN_QUERY.has(c.req.path) ? c.req.query('token') : undefined;
      const given = auth.startsWith('Bearer ') ? auth.slice(7).trim() : inQuery;
      if (given === undefined || !sameToken(given, options.token)) throw new ApiError(401, messages.controlTokenMissing);
    }
    if (control && c.req.method !== 'GET' && c.req.method !== 'HEAD' && hasBody(c) && !isJson(requestHeader(c, 'content-type'))) {
      throw new ApiError(415, messages.controlBodyNotJson);
    }
    await next();
  };
}
