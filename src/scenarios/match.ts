import type { RuleMatch } from './schema.js';
import type { PathPattern } from './path-pattern.js';

export interface RequestFacts {
  method: string;
  /** Below /api/1. */
  path: string;
  /** The X-Mock-World id, undefined on the default world. */
  world: string | undefined;
  query(name: string): string | undefined;
  header(name: string): string | undefined;
  /** Resolved only when a rule asks for it: the username of the session's user. */
  username(): string | undefined;
  /** The auth cookie's value. */
  session(): string | undefined;
  /** The parsed JSON body; read before matching only when some rule of the world matches on it. */
  body: unknown;
}

type Matchers = Omit<RuleMatch, 'not' | 'path'>;

/** Every given matcher holds and every matcher under `not` fails. */
export function matches(match: RuleMatch, pattern: PathPattern, notPattern: PathPattern | undefined, request: RequestFacts): boolean {
  if (!pattern.test(request.path) || !holds(match, request)) return false;
  const not = match.not;
  if (!not) return true;
  if (notPattern && notPattern.test(request.path)) return false;
  for (const key of Object.keys(not) as (keyof Matchers)[]) {
    if (key !== ('path' as string) && holds({ [key]: not[key] }, request)) return false;
  }
  return true;
}

function holds(match: Matchers, request: RequestFacts): boolean {
  if (match.method && match.method !== request.method) return false;
  for (const [name, value] of Object.entries(match.query ?? {})) if (!same(request.query(name), value)) return false;
  for (const [name, value] of Object.entries(match.headers ?? {})) if (!same(request.header(name), value)) return false;
  if (match.user !== undefined && request.username()?.toLowerCase() !== match.user.toLowerCase()) return false;
  if (match.world !== undefined && !same(request.world, match.world)) return false;
  if (match.session !== undefined && request.session() !== match.session) return false;
  if (match.body !== undefined && !subset(request.body, match.body)) return false;
  return true;
}

/** `*` asks only that the value be present. */
const same = (actual: string | undefined, wanted: string) => (wanted === '*' ? actual !== undefined : actual === wanted);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `wanted` is a JSON subset of `actual`: each field equal, `*` any present value, nested objects as
 * subsets, arrays item by item with the same length. A key `a.b` names the field `b` of `a`.
 */
export function subset(actual: unknown, wanted: unknown): boolean {
  if (wanted === '*') return actual !== undefined;
  if (isObject(wanted)) {
    if (!isObject(actual)) return false;
    return Object.entries(wanted).every(([key, value]) => subset(key in actual ? actual[key] : dotted(actual, key), value));
  }
  if (Array.isArray(wanted)) {
    return Array.isArray(actual) && actual.length === wanted.length && wanted.every((item, i) => subset(actual[i], item));
  }
  return actual === wanted;
}

function dotted(value: Record<string, unknown>, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (!isObject(current) || !(key in current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Whether matching needs the request body read first. */
export const needsBody = (match: RuleMatch) => match.body !== undefined || match.not?.body !== undefined;
