import type { RuleMatch } from './schema.js';
import { clientPattern } from '../http/path-pattern.js';

export interface RequestFacts {
  method: string;
  /** Below /api/1. */
  path: string;
  /** The X-Mock-World id, undefined on the default sandbox. */
  sandboxId: string | undefined;
  query(name: string): string | undefined;
  header(name: string): string | undefined;
  /** Resolved only when a rule asks for it: the username of the session's user. */
  username(): string | undefined;
  /** The auth cookie's value. */
  session(): string | undefined;
  /** The parsed JSON body; read before matching only when some rule of the sandbox matches on it. */
  body: unknown;
  /** The key of the rate-limit budget the request spends for `per`. */
  budgetKey(per: string): string;
}

type Check = (request: RequestFacts) => boolean;
type Matchers = Omit<RuleMatch, 'not'>;

/**
 * A rule's matchers (all but its path, which the engine tests once per path) as one function built
 * when the rule is loaded: a request runs only the checks the rule names.
 */
export function compileMatch(match: RuleMatch): Check {
  const { path: _, not, ...rest } = match;
  const checks = checksOf(rest);
  if (not) {
    const negated = checksOf(not);
    if (not.path !== undefined) {
      const pattern = clientPattern(not.path);
      negated.push((request) => pattern.testAllowingSlash(request.path));
    }
    checks.push(...negated.map((check): Check => (request) => !check(request)));
  }
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0]!;
  return (request) => {
    for (const check of checks) if (!check(request)) return false;
    return true;
  };
}

function checksOf(match: Partial<Matchers>): Check[] {
  const checks: Check[] = [];
  const { method, world, session, user, body } = match;
  if (method) checks.push((request) => request.method === method);
  if (world !== undefined) checks.push((request) => same(request.sandboxId, world));
  if (session !== undefined) checks.push((request) => request.session() === session);
  for (const [name, value] of Object.entries(match.query ?? {})) checks.push((request) => same(request.query(name), value));
  for (const [name, value] of Object.entries(match.headers ?? {})) {
    const lower = name.toLowerCase();
    checks.push((request) => same(request.header(lower), value));
  }
  if (user !== undefined) {
    const wanted = user.toLowerCase();
    checks.push((request) => request.username()?.toLowerCase() === wanted);
  }
  if (body !== undefined) checks.push((request) => subset(request.body, body));
  return checks;
}

/** `*` asks only that the value be present. Only a string is a value: never an inherited `constructor`. */
const same = (actual: string | undefined, wanted: string) =>
  typeof actual === 'string' && (wanted === '*' || actual === wanted);

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
    return Object.entries(wanted).every(([key, value]) => subset(Object.hasOwn(actual, key) ? actual[key] : dotted(actual, key), value));
  }
  if (Array.isArray(wanted)) {
    return Array.isArray(actual) && actual.length === wanted.length && wanted.every((item, i) => subset(actual[i], item));
  }
  return actual === wanted;
}

function dotted(value: Record<string, unknown>, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * Whether a rule can apply to a method, path and sandbox at all, judged from the matchers that depend
 * on nothing else (reads carry no body to match): the engine leaves the others out per path.
 */
export function compileScope(match: RuleMatch): (method: string, path: string, sandboxId: string | undefined) => boolean {
  const scope = (m: Partial<RuleMatch>) => ({ method: m.method, world: m.world, body: m.body !== undefined });
  const must = scope(match);
  const not = match.not ? scope(match.not) : undefined;
  const notPath = match.not?.path === undefined ? undefined : clientPattern(match.not.path);
  return (method, path, sandboxId) => {
    const reads = method === 'GET' || method === 'HEAD';
    if (must.method && must.method !== method) return false;
    if (must.world !== undefined && !same(sandboxId, must.world)) return false;
    if (must.body && reads) return false;
    if (!not) return true;
    if (not.method && not.method === method) return false;
    if (not.world !== undefined && same(sandboxId, not.world)) return false;
    if (notPath?.testAllowingSlash(path)) return false;
    return true;
  };
}

/** Whether matching needs the request body read first. */
export const needsBody = (match: RuleMatch) => match.body !== undefined || match.not?.body !== undefined;
