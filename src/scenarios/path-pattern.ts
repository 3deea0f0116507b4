import { compilePath as linearMatcher } from './path-matcher.js';

/** A compiled rule path: `/groups/:groupId/*`. */
export interface PathPattern {
  test(path: string): boolean;
  /** The path's first segment when it is literal; undefined when a `:param` or `*` can match anything there. */
  firstSegment: string | undefined;
}

/**
 * The one place a rule path (scenario rules, journal filters) turns into a matcher, compiled once per
 * rule, never per request. `:name` matches one segment, `*` the rest.
 */
export function compilePath(path: string): PathPattern {
  const first = path.split('/')[1] ?? '';
  return {
    // By segment, linear in the request path: a regular expression (`*` as `.*`) backtracked for seconds.
    test: linearMatcher(path),
    firstSegment: first === '*' || first.startsWith(':') ? undefined : first,
  };
}

/** `/groups/grp_1` -> `groups`. */
export const firstSegmentOf = (path: string) => {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
};
