/**
 * Scenario paths compiled to a matcher whose time is linear in the request path. A path compiled to
 * a regular expression (`*` as `.*`) backtracks: `/*\/*\/*\/*\/*\/*\/*\/*\/z` against a 56-segment
 * path held the event loop for seconds.
 *
 * Matching is by segment: a literal segment matches itself, `:name` one non-empty segment, and `*`
 * one or more segments of any content (it sits between two slashes, so it spans at least one). The
 * request path may end in one extra slash.
 */
export type PathMatcher = (path: string) => boolean;

type Token = { literal: string } | { param: true };
const PARAM: Token = { param: true };

export function compilePath(pattern: string): PathMatcher {
  // Runs of fixed segments, split where a `*` stands: a match places each run in turn.
  const runs: Token[][] = [[]];
  for (const segment of pattern.split('/')) {
    if (segment === '*') runs.push([]);
    else runs[runs.length - 1]!.push(segment.startsWith(':') ? PARAM : { literal: segment });
  }
  return (path) => {
    const segments = path.split('/');
    if (matchSegments(runs, segments)) return true;
    return segments.length > 1 && segments[segments.length - 1] === '' && matchSegments(runs, segments.slice(0, -1));
  };
}

const tokenMatches = (token: Token, segment: string) => ('literal' in token ? token.literal === segment : segment !== '');

function runMatchesAt(run: Token[], segments: string[], at: number): boolean {
  for (let i = 0; i < run.length; i++) if (!tokenMatches(run[i]!, segments[at + i]!)) return false;
  return true;
}

/**
 * The first run is anchored at the start, the last at the end, and each run between goes at its
 * leftmost place after the previous one (and the star before it): leftmost is never worse for the
 * runs still to come. The cost is segments x pattern length, fixed per rule.
 */
function matchSegments(runs: Token[][], segments: string[]): boolean {
  const first = runs[0]!;
  if (runs.length === 1) return first.length === segments.length && runMatchesAt(first, segments, 0);
  const last = runs[runs.length - 1]!;
  const lastAt = segments.length - last.length;
  if (first.length > segments.length || !runMatchesAt(first, segments, 0)) return false;
  if (lastAt < first.length || !runMatchesAt(last, segments, lastAt)) return false;
  let at = first.length;
  for (let r = 1; r < runs.length - 1; r++) {
    const run = runs[r]!;
    // The star before this run takes at least one segment.
    let start = at + 1;
    while (start + run.length <= lastAt - 1 && !runMatchesAt(run, segments, start)) start++;
    if (start + run.length > lastAt - 1) return false;
    at = start + run.length;
  }
  // The star before the last run takes at least one segment.
  return lastAt >= at + 1;
}
