import type * as z from 'zod';
import { LIMITS } from '../limits.js';

/**
 * Checks that a scenario rule's response can be sent at all. Without them a rule loaded fine and
 * then answered 500 on every match: node refuses such headers, and JSON.stringify of a body nested
 * ten thousand deep overflows the stack.
 */

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const isHeaderName = (name: string) => TOKEN.test(name);

/**
 * Headers that describe the message's framing: the server sets them from the body it sends, and a
 * rule's own value would contradict it (a Content-Length the body does not have, a chunked encoding
 * the body is not in) and leave the client reading a broken answer.
 */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

/** A zod superRefine for a record of response headers: one issue per bad name or value, at its key. */
export function checkHeaders(headers: Record<string, string>, ctx: z.RefinementCtx): void {
  for (const [name, value] of Object.entries(headers)) {
    if (FRAMING_HEADERS.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [name], message: 'must be left out: the server sets it from the body it sends' });
    else if (!isHeaderName(name)) ctx.addIssue({ code: 'custom', path: [name], message: "must be a header name (letters, digits and !#$%&'*+-.^_`|~)" });
    else if (!isHeaderValue(value)) ctx.addIssue({ code: 'custom', path: [name], message: 'must be a header value without line breaks' });
  }
}

/**
 * A zod superRefine for a matcher record: JSON keeps a key `__proto__`, but the parsed record would
 * drop it, and a rule that named only it would then match every request.
 */
export function checkNoProtoKey(value: unknown, ctx: z.RefinementCtx): void {
  if (value !== null && typeof value === 'object' && Object.hasOwn(value, '__proto__')) {
    ctx.addIssue({ code: 'custom', path: ['__proto__'], message: 'must not be a matcher: no request field can be named __proto__ here' });
  }
}

/** No CR, LF or NUL (node refuses them: they would split the response), nothing beyond Latin-1. */
export const isHeaderValue = (value: string) => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 13 || code === 10 || code === 0 || code > 255) return false;
  }
  return true;
};

export const MAX_BODY_DEPTH = LIMITS.scenarioBodyDepth.value;

/** Whether arrays and objects nest at most `max` deep; walks without recursion. */
export function nestsAtMost(value: unknown, max = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return false;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Statuses whose answers carry no body: an envelope or a body for them cannot be sent. */
export const NO_BODY_STATUSES = new Set([204, 205, 304]);
