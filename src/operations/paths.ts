/**
 * Path templates of the description (`/worlds/{worldId}`) beside Hono's (`/worlds/:worldId`): which
 * route serves which operation, and in which order routes are registered so the most specific answers.
 */

/** One segment: a fixed word, a parameter with a pattern (or several in one segment), or any value. */
export type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'pattern'; source: string; pattern?: RegExp; name?: string }
  | { kind: 'param'; name?: string };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Segments of a description template; `{a}:{b}` and `{id}.ics` are one segment with a pattern. */
function templateSegments(template: string): Segment[] {
  return template
    .split('/')
    .slice(1)
    .map((part): Segment => {
      if (!part.includes('{')) return { kind: 'literal', text: part };
      if (/^\{[^}]+\}$/.test(part)) return { kind: 'param' };
      return {
        kind: 'pattern',
        source: part
          .split(/\{[^}]+\}/)
          .map(escape)
          .join('[^/]+?'),
      };
    });
}

/** Splits a path at its slashes, except those inside a parameter's pattern (`:id{[^/]+}`). */
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

const parsedRoutes = new Map<string, Segment[]>();

/**
 * Segments of a Hono route path; `:name{regex}` carries its pattern. Kept per path: start-up reads
 * every route's several times (which operation it serves, its specificity, its place in the router).
 */
export function routeSegments(path: string): Segment[] {
  let segments = parsedRoutes.get(path);
  if (!segments) {
    segments = splitPath(path).map((part): Segment => {
      if (part.charCodeAt(0) !== 58 /* : */) return { kind: 'literal', text: part };
      const braces = part.indexOf('{');
      if (braces === -1) return { kind: 'param', name: part.slice(1) };
      return { kind: 'pattern', name: part.slice(1, braces), source: part.slice(braces + 1, -1) };
    });
    parsedRoutes.set(path, segments);
  }
  return segments;
}

/** A description template, parsed once. */
export interface Template {
  segments: Segment[];
}

export const parseTemplate = (template: string): Template => ({ segments: templateSegments(template) });

/**
 * Whether a route registered at `routePath` serves the operation at `template`: the same words in
 * the same places, and a parameter where the template has one. A route's parameter does not serve a
 * fixed word of the template (`/worlds/:worldId` is not `/worlds/recent`) unless its pattern names it.
 */
export function routeServes(routePath: string, template: Template): boolean {
  const route = routeSegments(routePath);
  const wanted = template.segments;
  if (route.length !== wanted.length) return false;
  return route.every((segment, i) => {
    const other = wanted[i]!;
    if (segment.kind === 'literal') return other.kind === 'literal' && other.text === segment.text;
    if (other.kind !== 'literal') return true;
    return segment.kind === 'pattern' && patternOf(segment).test(other.text);
  });
}

/** A pattern segment's expression, anchored to the whole segment; compiled once. */
export const patternOf = (segment: Extract<Segment, { kind: 'pattern' }>) => (segment.pattern ??= new RegExp(`^(?:${segment.source})$`));

export interface HonoTemplate {
  /** The template as a Hono path: `{name}` is `:name`, a mixed segment one parameter with a pattern. */
  path: string;
  /** The description's parameters by name, read from Hono's parameters of a matched request. */
  params(honoParams: Record<string, string>): Record<string, string>;
}

export function honoTemplate(template: string): HonoTemplate {
  // Most templates have a whole segment per parameter: `{worldId}` is `:worldId`.
  if (!/[^/]\{|\}[^/]/.test(template)) return { path: template.replace(/\{([^}]+)\}/g, ':$1'), params: (p) => p };
  const mixed: { key: string; names: string[]; pattern: RegExp }[] = [];
  const path = template
    .split('/')
    .map((part, i) => {
      if (!part.includes('{')) return part;
      if (/^\{[^}]+\}$/.test(part)) return `:${part.slice(1, -1)}`;
      const names = [...part.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const pieces = part.split(/\{[^}]+\}/).map(escape);
      const key = `segment${i}`;
      mixed.push({ key, names, pattern: new RegExp(`^${pieces.join('([^/]+?)')}$`) });
      return `:${key}{${pieces.join('[^/]+?')}}`;
    })
    .join('/');
  if (mixed.length === 0) return { path, params: (p) => p };
  return {
    path,
    params(honoParams) {
      const out: Record<string, string> = { ...honoParams };
      for (const { key, names, pattern } of mixed) {
        const match = pattern.exec(out[key] ?? '');
        delete out[key];
        names.forEach((name, i) => (out[name] = match?.[i + 1] ?? ''));
      }
      return out;
    },
  };
}

/**
 * Routes in the order Hono must register them: where several routes match one request, Hono answers
 * with the first registered, so a fixed word goes before a parameter with a pattern before any value,
 * segment by segment (`/worlds/recent` before `/worlds/:worldId`). Of two equally specific routes the
 * first given stays first.
 */
export function mostSpecificFirst<T extends { path: string }>(routes: readonly T[]): T[] {
  const rank = (path: string) =>
    routeSegments(path)
      .map((segment) => (segment.kind === 'literal' ? '0' : segment.kind === 'pattern' ? '1' : '2'))
      .join('');
  const ranked = routes.map((route) => ({ route, rank: rank(route.path) }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return ranked.map(({ route }) => route);
}
