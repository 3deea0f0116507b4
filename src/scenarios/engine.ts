import { ActiveRule, defineRules, type Outcome, type RuleDef } from './active-rule.js';
import type { RequestFacts } from './match.js';
import { firstSegmentOf } from '../http/path-pattern.js';
import type { Scenario } from './schema.js';

export type { RequestFacts } from './match.js';
export type { Outcome } from './active-rule.js';

/** The default sandbox's key; isolated sandboxes go by their id. */
export const DEFAULT_SANDBOX = '';

/** One sandbox's rules and their counters. */
class SandboxRules {
  runtime: ActiveRule[] = [];
  base: ActiveRule[];
  readonly since: number | undefined;
  needsBody = false;
  /**
   * Request path -> the rules whose path matches it, runtime ones first, in order. Built on first use
   * and dropped whenever the rules change, so a request runs no path pattern on its way and checks
   * only the rules of its own path: fifty idle rules elsewhere cost one Map lookup.
   */
  private candidates = new Map<string, ActiveRule[]>();
  /** First path segment -> the rules that could match below it, to build `candidates` from. */
  private areas = new Map<string, ActiveRule[]>();

  constructor(
    baseDefs: RuleDef[],
    /** The X-Mock-World id; undefined for the default sandbox. */
    private readonly sandboxId: string | undefined,
    /** When the sandbox's rules took effect, on its clock: the start of base rules' `during`. */
    since: number | undefined,
  ) {
    this.since = since;
    this.base = baseDefs.map((def) => new ActiveRule(def, since));
    this.changed();
  }

  changed() {
    this.candidates.clear();
    this.areas.clear();
    this.needsBody = [...this.runtime, ...this.base].some((active) => active.def.needsBody);
  }

  /** The rules that may apply to a method and path in this sandbox, judged once per method and path. */
  candidatesFor(method: string, path: string): ActiveRule[] {
    const key = `${method} ${path}`;
    let rules = this.candidates.get(key);
    if (!rules) {
      rules = this.area(firstSegmentOf(path)).filter(({ def }) => def.pattern.testAllowingSlash(path) && def.couldApply(method, path, this.sandboxId));
      // Paths are unbounded request input (ids): keep the map from growing with them.
      if (this.candidates.size >= 1024) this.candidates.clear();
      this.candidates.set(key, rules);
    }
    return rules;
  }

  private area(segment: string): ActiveRule[] {
    let rules = this.areas.get(segment);
    if (!rules) {
      const couldMatch = ({ def }: ActiveRule) => def.pattern.firstSegment === undefined || def.pattern.firstSegment === segment;
      rules = [...this.runtime, ...this.base].filter(couldMatch);
      if (this.areas.size >= 256) this.areas.clear();
      this.areas.set(segment, rules);
    }
    return rules;
  }
}

/**
 * The scripted failures a client is tested against. Base scenarios (loaded at start) apply to every
 * sandbox, each counting their uses on its own; runtime ones (from the control plane) belong to
 * the sandbox they were posted for, win over the base ones, and go when that sandbox is reset or removed,
 * like msw's `server.use()` and `resetHandlers()`.
 */
export class ScenarioEngine {
  private baseDefs: RuleDef[] = [];
  private readonly sandboxes = new Map<string, SandboxRules>();

  /** `seed` makes `probability` draws replay: the same seed and requests give the same failures. */
  constructor(private readonly seed = 0) {}

  loadBase(scenario: Scenario) {
    const defs = defineRules(scenario, this.seed);
    this.baseDefs.push(...defs);
    for (const rules of this.sandboxes.values()) {
      rules.base.push(...defs.map((def) => new ActiveRule(def, rules.since)));
      rules.changed();
    }
  }

  /** Adds runtime rules to one sandbox; `now` on its clock starts their `during` windows. */
  use(scenario: Scenario, sandboxId = DEFAULT_SANDBOX, now?: number) {
    const rules = this.rulesOf(sandboxId, now);
    rules.runtime.unshift(...defineRules(scenario, this.seed).map((def) => new ActiveRule(def, now)));
    rules.changed();
  }

  /** Drops the sandbox's runtime rules and starts its base rules' counts over. */
  reset(sandboxId = DEFAULT_SANDBOX) {
    this.sandboxes.delete(sandboxId);
  }

  /** Whether any rule could apply to the sandbox: the fast path when none is loaded. */
  active(sandboxId: string): boolean {
    return this.baseDefs.length > 0 || this.sandboxes.has(sandboxId);
  }

  /**
   * Whether some rule of the sandbox could take a request of this method and path (below /api/1), now
   * or later: while the rules stay as they are, an answer to any other request is the API's own.
   */
  mayTake(sandboxId: string, method: string, path: string): boolean {
    if (!this.active(sandboxId)) return false;
    const rules = this.sandboxes.get(sandboxId);
    return !rules || rules.candidatesFor(method, path).length > 0;
  }

  /** `now` on the sandbox's clock: the first request of a sandbox starts its base rules' `during`. */
  needsBody(sandboxId: string, now: number): boolean {
    return this.active(sandboxId) && this.rulesOf(sandboxId, now).needsBody;
  }

  list(sandboxId = DEFAULT_SANDBOX) {
    const rules = this.sandboxes.get(sandboxId) ?? new SandboxRules(this.baseDefs, undefined, undefined);
    return [...rules.runtime, ...rules.base].map((active) => active.describe());
  }

  /** The first live rule's answer, its use counted in the same synchronous step. */
  take(request: RequestFacts, sandboxId: string, now: number): Outcome | undefined {
    for (const active of this.rulesOf(sandboxId, now).candidatesFor(request.method, request.path)) {
      const outcome = active.take(request, now);
      if (outcome) return outcome;
    }
    return undefined;
  }

  private rulesOf(sandboxId: string, now: number | undefined): SandboxRules {
    let rules = this.sandboxes.get(sandboxId);
    if (!rules) {
      rules = new SandboxRules(this.baseDefs, sandboxId === DEFAULT_SANDBOX ? undefined : sandboxId, now);
      this.sandboxes.set(sandboxId, rules);
    }
    return rules;
  }
}
