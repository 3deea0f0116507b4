import { ActiveRule, defineRules, type Outcome, type RuleDef } from './active-rule.js';
import type { RequestFacts } from './match.js';
import { firstSegmentOf } from './path-pattern.js';
import type { Scenario } from './schema.js';

export type { RequestFacts } from './match.js';
export type { Outcome } from './active-rule.js';

/** The default world's key; isolated worlds go by their id. */
export const DEFAULT_SANDBOX = '';

/** One world's rules and their counters. */
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
    /** The X-Mock-World id; undefined for the default world. */
    private readonly world: string | undefined,
    /** When the world's rules took effect, on its clock: the start of base rules' `during`. */
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

  /** The rules that may apply to a method and path in this world, judged once per method and path. */
  candidatesFor(method: string, path: string): ActiveRule[] {
    const key = `${method} ${path}`;
    let rules = this.candidates.get(key);
    if (!rules) {
      rules = this.area(firstSegmentOf(path)).filter(({ def }) => def.pattern.test(path) && def.couldApply(method, path, this.world));
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
 * world, each world counting their uses on its own; runtime ones (from the control plane) belong to
 * the world they were posted for, win over the base ones, and go when that world is reset or removed,
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

  /** Adds runtime rules to one world; `now` on its clock starts their `during` windows. */
  use(scenario: Scenario, world = DEFAULT_SANDBOX, now?: number) {
    const rules = this.rulesOf(world, now);
    rules.runtime.unshift(...defineRules(scenario, this.seed).map((def) => new ActiveRule(def, now)));
    rules.changed();
  }

  /** Drops the world's runtime rules and starts its base rules' counts over. */
  reset(world = DEFAULT_SANDBOX) {
    this.sandboxes.delete(world);
  }

  /** Whether any rule could apply to the world: the fast path when none is loaded. */
  active(world: string): boolean {
    return this.baseDefs.length > 0 || this.sandboxes.has(world);
  }

  /** `now` on the world's clock: the first request of a world starts its base rules' `during`. */
  needsBody(world: string, now: number): boolean {
    return this.active(world) && this.rulesOf(world, now).needsBody;
  }

  list(world = DEFAULT_SANDBOX) {
    const rules = this.sandboxes.get(world) ?? new SandboxRules(this.baseDefs, undefined, undefined);
    return [...rules.runtime, ...rules.base].map((active) => active.describe());
  }

  /** The first live rule's answer, its use counted in the same synchronous step. */
  take(request: RequestFacts, world: string, now: number): Outcome | undefined {
    for (const active of this.rulesOf(world, now).candidatesFor(request.method, request.path)) {
      const outcome = active.take(request, now);
      if (outcome) return outcome;
    }
    return undefined;
  }

  private rulesOf(world: string, now: number | undefined): SandboxRules {
    let rules = this.sandboxes.get(world);
    if (!rules) this.sandboxes.set(world, (rules = new SandboxRules(this.baseDefs, world === DEFAULT_SANDBOX ? undefined : world, now)));
    return rules;
  }
}
