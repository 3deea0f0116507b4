/**
 * Path templates of the description (`/worlds/{worldId}`) beside Hono's (`/worlds/:worldId`): which
 * route serves which operation, and which of two routes matching one request is the more specific.
 */

/** One segment: a fixed word, a parameter with a pattern (or several in one segment), or any value. */
type Segment = { kind: 'literal'; text: string } | { kind: 'pattern'; pattern: RegExp } | { kind: 'param' };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Segments of a description template; `{a}:{b}` and `{id}.ics` are one segment with a pattern. */
function templateSegments(template: string): Segment[] {
  return template
    .split('/')
    .slice(1)
    .map((part): Segment => {
      if (!part.includes('{')) return { kind: 'literal', text: part };
      if (/^\{[^}]+\}$/.test(part)) return { kind: 'param' };
      return { kind: 'pattern', pattern: new RegExp(`^${part.split(/\{[^}]+\}/).map(escape).join('[^/]+?')}$`) };
    });
}

/** Segments of a Hono route path; `:name{regex}` carries its pattern. */
function routeSegments(path: string): Segment[] {
  // A parameter's pattern may hold a slash (`:id{[^/]+}`): split outside braces only.
  return (path.match(/(?<=\/)(?:[^/{]|\{[^}]*\})*/g) ?? [])
    .map((part): Segment => {
      if (!part.startsWith(':')) return { kind: 'literal', text: part };
      const braces = part.indexOf('{');
      return braces === -1 ? { kind: 'param' } : { kind: 'pattern', pattern: new RegExp(`^(?:${part.slice(braces + 1, -1)})$`) };
    });
}

/** A description template, parsed once. */
export interface Template {
  segments: Segment[];
}

export const parseTemplate = (template: string): Template => ({ segments: templateSegments(template) });

/** How many segments a path has: only routes and templates of one length can serve each other. */
export const segmentCount = (path: string) => path.split('/').length - 1;

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
    return segment.kind === 'pattern' && segment.pattern.test(other.text);
  });
}

export interface HonoTemplate {
  /** The template as a Hono path: `{name}` is `:name`, a mixed segment one parameter with a pattern. */
  path: string;
  /** The description's parameters by name, read from Hono's parameters of a matched request. */
  params(honoParams: Record<string, string>): Record<string, string>;
}

export function honoTemplate(template: string): HonoTemplate {
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
 * Orders routes by specificity, segment by segment: a fixed word before a parameter with a pattern
 * before any value. Undefined for a path ending in `*` (middleware), which keeps its place.
 */
export function specificity(path: string): string | undefined {
  if (path.endsWith('*')) return undefined;
  return routeSegments(path)
    .map((segment) => (segment.kind === 'literal' ? '0' : segment.kind === 'pattern' ? '1' : '2'))
    .join('');
}
