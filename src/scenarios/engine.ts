import type { Rule, Scenario } from './schema.js';
import { compilePath, type PathMatcher } from './path-matcher.js';

export interface RequestFacts {
  method: string;
  path: string;
  query(name: string): string | undefined;
  header(name: string): string | undefined;
  /** Resolved only when a rule asks for it: the username of the session's user. */
  username(): string | undefined;
}

interface ActiveRule {
  scenario: string;
  rule: Rule;
  /** Compiled once per rule, never per request. */
  matchesPath: PathMatcher;
  /** The path's first segment when it is literal; undefined when a `:param` or `*` can match anything there. */
  firstSegment: string | undefined;
  remaining: number;
  hits: number;
}

/** `/groups/:id` -> `groups`; the segment a request path must start with for the rule to match. */
function literalFirstSegment(path: string): string | undefined {
  const first = path.split('/')[1] ?? '';
  return first === '*' || first.startsWith(':') ? undefined : first;
}

const firstSegmentOf = (path: string) => {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
};

/**
 * The scripted failures a client is tested against. Base scenarios (loaded at start) stay until the
 * process ends; runtime ones (from the control plane) win over them and go on `reset()`, like msw's
 * `server.use()` and `resetHandlers()`.
 */
export class ScenarioEngine {
  private base: ActiveRule[] = [];
  private runtime: ActiveRule[] = [];
  /**
   * First path segment -> the rules that could match a path starting with it, runtime ones first, in
   * order. Built on first use and dropped whenever the rules change, so a request checks only the
   * rules of its own area: fifty idle rules elsewhere cost one Map lookup.
   */
  private candidates = new Map<string, ActiveRule[]>();

  private activate(scenario: Scenario): ActiveRule[] {
    return scenario.rules.map((rule) => ({
      scenario: scenario.name,
      rule,
      matchesPath: compilePath(rule.match.path),
      firstSegment: literalFirstSegment(rule.match.path),
      remaining: rule.times ?? Infinity,
      hits: 0,
    }));
  }

  loadBase(scenario: Scenario) {
    this.base.push(...this.activate(scenario));
    this.candidates.clear();
  }

  use(scenario: Scenario) {
    this.runtime.unshift(...this.activate(scenario));
    this.candidates.clear();
  }

  reset() {
    this.runtime = [];
    this.candidates.clear();
  }

  get size() {
    return this.base.length + this.runtime.length;
  }

  list() {
    return [...this.runtime, ...this.base].map(({ scenario, rule, remaining, hits }) => ({
      scenario,
      match: rule.match,
      remaining: remaining === Infinity ? null : remaining,
      hits,
    }));
  }

  /** The first live rule that matches, its use counted in the same synchronous step. */
  take(request: RequestFacts): Rule | undefined {
    for (const active of this.candidatesFor(request.path)) {
      if (active.remaining <= 0 || !matches(active, request)) continue;
      active.remaining -= 1;
      active.hits += 1;
      return active.rule;
    }
    return undefined;
  }

  private candidatesFor(path: string): ActiveRule[] {
    const segment = firstSegmentOf(path);
    let rules = this.candidates.get(segment);
    if (!rules) {
      const couldMatch = (active: ActiveRule) => active.firstSegment === undefined || active.firstSegment === segment;
      rules = [...this.runtime, ...this.base].filter(couldMatch);
      // Unknown first segments are unbounded request input: keep the map from growing with them.
      if (this.candidates.size > 256) this.candidates.clear();
      this.candidates.set(segment, rules);
    }
    return rules;
  }
}

function matches({ rule, matchesPath }: ActiveRule, request: RequestFacts): boolean {
  const { match } = rule;
  if (match.method && match.method !== request.method) return false;
  if (!matchesPath(request.path)) return false;
  for (const [name, value] of Object.entries(match.query ?? {})) if (!same(request.query(name), value)) return false;
  for (const [name, value] of Object.entries(match.headers ?? {})) if (!same(request.header(name), value)) return false;
  if (match.user !== undefined && request.username()?.toLowerCase() !== match.user.toLowerCase()) return false;
  return true;
}

/** `*` asks only that the value be present. */
const same = (actual: string | undefined, wanted: string) => (wanted === '*' ? actual !== undefined : actual === wanted);
