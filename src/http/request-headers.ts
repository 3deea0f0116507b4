import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { WORLD_HEADER } from '../store/sandboxes.js';
import { requestReads } from './request-reads.js';

/** The node request behind a context when served by @hono/node-server; undefined under `app.request()`. */
export const nodeRequest = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** The isolated sandbox a request names with `X-Mock-World`; undefined for the default sandbox. */
export const requestedSandboxId = (c: Context) => requestHeader(c, WORLD_HEADER);

/**
 * One request header. Under node it reads node's own header object: asking Hono would build web
 * Headers of the whole request (validating every name and value) for each request.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const key = name.toLowerCase();
  const value = incomingHeader(incoming, key);
  requestReads(c)?.headers.set(key, value);
  return value;
}

/** A header of a node request by lower-case name, repeated values joined as web Headers join them. */
export function incomingHeader(incoming: IncomingMessage, key: string): string | undefined {
  // Own headers only: `constructor` or `__proto__` is no header a client sent.
  if (!Object.hasOwn(incoming.headers, key)) return undefined;
  const value = incoming.headers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}
