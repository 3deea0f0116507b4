import { hash32, seededRandomAt } from '../random.js';
import { compilePath, type PathPattern } from './path-pattern.js';
import { matches, needsBody, type RequestFacts } from './match.js';
import type { FaultKind, Rule, RuleResponse, Scenario } from './schema.js';

/** A rule as loaded: compiled once, shared by every world the rule applies to. */
export interface RuleDef {
  scenario: string;
  /** Position in its scenario, from 0. */
  index: number;
  rule: Rule;
  pattern: PathPattern;
  notPattern: PathPattern | undefined;
  needsBody: boolean;
  /** Seeds the rule's `probability` draws: the same in every world and every run with the same seed. */
  seed: number;
}

export function defineRules(scenario: Scenario, engineSeed: number): RuleDef[] {
  return scenario.rules.map((rule, index) => ({
    scenario: scenario.name,
    index,
    rule,
    pattern: compilePath(rule.match.path),
    notPattern: rule.match.not?.path === undefined ? undefined : compilePath(rule.match.not.path),
    needsBody: needsBody(rule.match),
    seed: hash32(`${scenario.name}#${index}#${JSON.stringify(rule)}`, hash32(String(engineSeed))),
  }));
}

/** What a rule makes of one request. */
export interface Outcome {
  scenario: string;
  index: number;
  response?: RuleResponse;
  fault?: FaultKind;
  delayMs?: number;
  passThrough?: boolean;
  /** Over a rate limit: answer the endpoint's 429 unless `response` says otherwise. */
  rateLimited?: { retryAfterSeconds?: number };
}

/** A rule's counters in one world. */
export class ActiveRule {
  /** Matching requests seen (for `after`) and draws made (for `probability`). */
  private seen = 0;
  private draws = 0;
  private step = 0;
  remaining: number;
  hits = 0;
  /** Budget key -> times of the requests let through inside the window, oldest first. */
  private readonly windows = new Map<string, number[]>();

  constructor(
    readonly def: RuleDef,
    /** When the rule took effect in this world, on its clock (for `during`); set on first use when unknown. */
    private since: number | undefined,
  ) {
    this.remaining = def.rule.times ?? (def.rule.sequence ? def.rule.sequence.length : Infinity);
  }

  /**
   * The rule's answer to a request, its counters moved in the same synchronous step; undefined lets
   * the request on to the next rule.
   */
  take(request: RequestFacts, now: number, budgetKey: (per: string) => string): Outcome | undefined {
    const { def } = this;
    const { rule } = def;
    if (!matches(rule.match, def.pattern, def.notPattern, request)) return undefined;
    this.since ??= now;
    if (rule.during) {
      const minute = (now - this.since) / 60_000;
      if (minute < rule.during.fromMinute || minute >= rule.during.toMinute) return undefined;
    }
    if (rule.rateLimit) return this.limit(now, budgetKey(rule.rateLimit.per));
    this.seen += 1;
    if (this.seen <= (rule.after ?? 0) || this.remaining <= 0) return undefined;
    if (rule.probability !== undefined && seededRandomAt(def.seed, this.draws++) >= rule.probability) return undefined;
    this.remaining -= 1;
    this.hits += 1;
    const answer = rule.sequence ? rule.sequence[this.step++]! : rule;
    return {
      scenario: def.scenario,
      index: def.index,
      response: answer.response,
      fault: answer.fault,
      delayMs: answer.delayMs,
      passThrough: answer.passThrough,
    };
  }

  /** A sliding window per budget: exact, since the check and the count are one synchronous step. */
  private limit(now: number, key: string): Outcome | undefined {
    const { limit, windowMs, retryAfter, response } = this.def.rule.rateLimit!;
    let times = this.windows.get(key);
    if (!times) this.windows.set(key, (times = []));
    while (times.length && times[0]! <= now - windowMs) times.shift();
    if (times.length < limit) {
      times.push(now);
      return undefined;
    }
    this.hits += 1;
    const retryAfterSeconds = retryAfter ? Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000)) : undefined;
    return { scenario: this.def.scenario, index: this.def.index, response, rateLimited: { retryAfterSeconds } };
  }

  describe() {
    return {
      scenario: this.def.scenario,
      match: this.def.rule.match,
      remaining: this.remaining === Infinity ? null : this.remaining,
      hits: this.hits,
    };
  }
}
