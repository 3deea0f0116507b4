/**
 * The one reading of a path pattern, whichever of the project's notations writes it:
 *
 * - the description's templates: `/groups/{groupId}/members/{userId}`; a segment may hold several
 *   parameters between fixed text (`/instances/{worldId}:{instanceId}`, `/calendar/{groupId}/{calendarId}.ics`);
 * - scenario rules and journal filters: `/groups/:groupId/*`, where `*` stands for one or more segments;
 * - Hono's routes: `:name{regex}` is a parameter whose segment must match the expression.
 *
 * A parameter matches one non-empty segment (or, inside a segment, a non-empty part of it); a fixed
 * segment only itself. Routing, the operation a request reaches, scenario rules, the journal's path
 * filter and the contract check all ask their question through this module; Hono's router still routes.
 */

export type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'param'; name: string }
  /** A template segment with parameters between fixed text: `pieces` around them, each parameter non-empty. */
  | { kind: 'mixed'; names: string[]; pieces: string[] }
  /** A Hono route's `:name{regex}`: the whole segment must match the expression. */
  | { kind: 'pattern'; name: string; source: string; expression: RegExp }
  | { kind: 'rest' };

type Run = Exclude<Segment, { kind: 'rest' }>[];

export interface PathPattern {
  readonly segments: readonly Segment[];
  /** Whether a request path (without query) matches, as Hono routes it. */
  test(path: string): boolean;
  /** The same, and a path with one extra slash at its end matches too: how scenario rules and journal filters match. */
  testAllowingSlash(path: string): boolean;
  /** The pattern's first segment when it is fixed; undefined when a parameter or `*` can match anything there. */
  readonly firstSegment: string | undefined;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REST: Segment = { kind: 'rest' };

function parseSegment(part: string, expressions: boolean): Segment {
  if (part === '*') return REST;
  if (part.charCodeAt(0) === 58 /* : */) {
    const braces = part.indexOf('{');
    if (!expressions || braces === -1 || !part.endsWith('}')) return { kind: 'param', name: part.slice(1) };
    const source = part.slice(braces + 1, -1);
    return { kind: 'pattern', name: part.slice(1, braces), source, expression: new RegExp(`^(?:${source})$`) };
  }
  if (!part.includes('{')) return { kind: 'literal', text: part };
  if (/^\{[^{}]+\}$/.test(part)) return { kind: 'param', name: part.slice(1, -1) };
  const names = [...part.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
  return { kind: 'mixed', names, pieces: part.split(/\{[^{}]+\}/) };
}

/** Splits a path at its slashes, except those inside a parameter's expression (`:id{[^/]+}`). */
function splitPath(path: string): string[] {
  if (!path.includes('{')) return path.slice(1).split('/');
  const parts: string[] = [];
  let depth = 0;
  let start = 1;
  for (let i = 1; i < path.length; i++) {
    const ch = path.charCodeAt(i);
    if (ch === 123 /* { */) depth++;
    else if (ch === 125 /* } */) depth--;
    else if (ch === 47 /* / */ && depth === 0) {
      parts.push(path.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(path.slice(start));
  return parts;
}

const parsed = new Map<string, PathPattern>();

/** A pattern the project writes (a template, a route), parsed and compiled once per text. */
export const pathPattern = (text: string): PathPattern => cached(`r${text}`, text, true);

/**
 * A pattern a client writes (a scenario rule, a journal filter): `:name{...}` is a parameter of that
 * name, never an expression, so no client's text becomes a regular expression, and every match is
 * linear in the request path.
 */
export const clientPattern = (text: string): PathPattern => cached(`c${text}`, text, false);

function cached(key: string, text: string, expressions: boolean): PathPattern {
  let pattern = parsed.get(key);
  if (!pattern) {
    pattern = compile(splitPath(text).map((part) => parseSegment(part, expressions)));
    // Client patterns come and go: keep the map from growing with them.
    if (parsed.size >= 4096) parsed.clear();
    parsed.set(key, pattern);
  }
  return pattern;
}

function compile(segments: Segment[]): PathPattern {
  // Runs of segments between the stars: a match places each run in turn.
  const runs: Run[] = [[]];
  for (const segment of segments) {
    if (segment.kind === 'rest') runs.push([]);
    else runs[runs.length - 1]!.push(segment);
  }
  const first = segments[0];
  return {
    segments,
    firstSegment: first?.kind === 'literal' ? first.text : undefined,
    // By segment, linear in the request path: a regular expression (`*` as `.*`) backtracks for seconds.
    test: (path) => path.charCodeAt(0) === 47 /* / */ && matchRuns(runs, path.slice(1).split('/')),
    testAllowingSlash(path) {
      if (path.charCodeAt(0) !== 47 /* / */) return false;
      const parts = path.slice(1).split('/');
      if (matchRuns(runs, parts)) return true;
      return parts.length > 1 && parts[parts.length - 1] === '' && matchRuns(runs, parts.slice(0, -1));
    },
  };
}

function segmentMatches(segment: Run[number], part: string): boolean {
  if (segment.kind === 'literal') return segment.text === part;
  if (part === '') return false;
  if (segment.kind === 'param') return true;
  return segment.kind === 'mixed' ? piecesMatch(segment.pieces, part) : segment.expression.test(part);
}

/**
 * Whether `text` is the pieces in order with at least one character between each two: the first
 * anchored at the start, the last at the end, each between at its leftmost place (never worse for the
 * pieces still to come), so the cost is the text's length times the pieces'.
 */
function piecesMatch(pieces: string[], text: string): boolean {
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  const end = text.length - last.length;
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const found = text.indexOf(pieces[i]!, at + 1);
    if (found === -1 || found + pieces[i]!.length > end - 1) return false;
    at = found + pieces[i]!.length;
  }
  return end >= at + 1;
}

function runMatchesAt(run: Run, parts: string[], at: number): boolean {
  for (let i = 0; i < run.length; i++) if (!segmentMatches(run[i]!, parts[at + i]!)) return false;
  return true;
}

/**
 * The first run is anchored at the start, the last at the end, and each run between goes at its
 * leftmost place after the previous one (and the star before it, which takes at least one segment):
 * leftmost is never worse for the runs still to come. The cost is segments x pattern length.
 */
function matchRuns(runs: Run[], parts: string[]): boolean {
  const first = runs[0]!;
  if (runs.length === 1) return first.length === parts.length && runMatchesAt(first, parts, 0);
  const last = runs[runs.length - 1]!;
  const lastAt = parts.length - last.length;
  if (first.length > parts.length || !runMatchesAt(first, parts, 0)) return false;
  if (lastAt < first.length || !runMatchesAt(last, parts, lastAt)) return false;
  let at = first.length;
  for (let r = 1; r < runs.length - 1; r++) {
    const run = runs[r]!;
    let start = at + 1;
    while (start + run.length <= lastAt - 1 && !runMatchesAt(run, parts, start)) start++;
    if (start + run.length > lastAt - 1) return false;
    at = start + run.length;
  }
  return lastAt >= at + 1;
}

/** `/groups/grp_1` -> `groups`. */
export const firstSegmentOf = (path: string) => {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
};

/**
 * Whether a route (`/worlds/:worldId`) serves the operation at `template` (`/worlds/{worldId}`): the
 * same fixed words in the same places, and a parameter where the template has one. A route's
 * parameter does not serve a fixed word of the template (`/worlds/:worldId` is not `/worlds/recent`)
 * unless its expression names it.
 */
export function serves(route: PathPattern, template: PathPattern): boolean {
  const wanted = template.segments;
  if (route.segments.length !== wanted.length) return false;
  return route.segments.every((segment, i) => {
    const other = wanted[i]!;
    if (segment.kind === 'literal') return other.kind === 'literal' && other.text === segment.text;
    if (other.kind !== 'literal') return true;
    return segment.kind === 'pattern' && segment.expression.test(other.text);
  });
}

/** A template as Hono routes it, and its parameters read back from Hono's. */
export interface HonoRoute {
  /** `{name}` is `:name`; a segment of several parameters one Hono parameter with an expression. */
  path: string;
  /** The template's parameters by name, from Hono's parameters of a matched request. */
  params(honoParams: Record<string, string>): Record<string, string>;
}

const keyOf = (i: number) => `segment${i + 1}`;

export function honoRoute(template: string): HonoRoute {
  const { segments } = pathPattern(template);
  const path = segments
    .map((segment, i) => {
      if (segment.kind === 'literal') return `/${segment.text}`;
      if (segment.kind === 'param') return `/:${segment.name}`;
      if (segment.kind === 'rest') return '/*';
      if (segment.kind === 'pattern') return `/:${segment.name}{${segment.source}}`;
      return `/:${keyOf(i)}{${segment.pieces.map(escape).join('[^/]+?')}}`;
    })
    .join('');
  const mixed = segments.flatMap((segment, i) =>
    segment.kind === 'mixed'
      ? [{ key: keyOf(i), names: segment.names, capture: new RegExp(`^${segment.pieces.map(escape).join('([^/]+?)')}$`) }]
      : [],
  );
  if (mixed.length === 0) return { path, params: (p) => p };
  return {
    path,
    params(honoParams) {
      const out: Record<string, string> = { ...honoParams };
      for (const { key, names, capture } of mixed) {
        const match = capture.exec(out[key] ?? '');
        delete out[key];
        names.forEach((name, i) => (out[name] = match?.[i + 1] ?? ''));
      }
      return out;
    },
  };
}

const RANK = { literal: '0', mixed: '1', pattern: '1', param: '2', rest: '3' } as const;

/**
 * Routes in the order Hono must register them: where several routes match one request, Hono answers
 * with the first registered, so a fixed word goes before a parameter with an expression before any
 * value, segment by segment (`/worlds/recent` before `/worlds/:worldId`). Of two equally specific
 * routes the first given stays first.
 */
export function mostSpecificFirst<T extends { path: string }>(routes: readonly T[]): T[] {
  const rank = (path: string) =>
    pathPattern(path)
      .segments.map((segment) => RANK[segment.kind])
      .join('');
  const ranked = routes.map((route) => ({ route, rank: rank(route.path) }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return ranked.map(({ route }) => route);
}
