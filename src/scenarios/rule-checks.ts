import type * as z from 'zod';

/**
 * Checks that a scenario rule's response can be sent at all. Without them a rule loaded fine and
 * then answered 500 on every match: node refuses such headers, and JSON.stringify of a body nested
 * ten thousand deep overflows the stack.
 */

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const isHeaderName = (name: string) => TOKEN.test(name);

/** A zod superRefine for a record of response headers: one issue per bad name or value, at its key. */
export function checkHeaders(headers: Record<string, string>, ctx: z.RefinementCtx): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!isHeaderName(name)) ctx.addIssue({ code: 'custom', path: [name], message: "must be a header name (letters, digits and !#$%&'*+-.^_`|~)" });
    else if (!isHeaderValue(value)) ctx.addIssue({ code: 'custom', path: [name], message: 'must be a header value without line breaks' });
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

export const MAX_BODY_DEPTH = 64;

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
