import { hash32, seededRandomAt } from '../store/random.js';
import { clientPattern, type PathPattern } from '../http/path-pattern.js';
import { compileMatch, compileScope, needsBody, type RequestFacts } from './match.js';
import type { FaultKind, Rule, RuleResponse, Scenario } from './schema.js';
import type { PipelineRule } from '../store/pipeline-bus.js';

/** A rule as loaded: compiled once, shared by every sandbox the rule applies to. */
export interface RuleDef {
  scenario: string;
  /** Position in its scenario, from 0. */
  index: number;
  rule: Rule;
  pattern: PathPattern;
  /** Every matcher but the path. */
  matches: (request: RequestFacts) => boolean;
  /** Whether the rule can apply to a method, path and sandbox at all (see compileScope). */
  couldApply: (method: string, path: string, sandboxId: string | undefined) => boolean;
  needsBody: boolean;
  /** Seeds the rule's `probability` draws: the same in every sandbox and every run with the same seed. */
  seed: number;
}

export function defineRules(scenario: Scenario, engineSeed: number): RuleDef[] {
  return scenario.rules.map((rule, index) => ({
    scenario: scenario.name,
    index,
    rule,
    pattern: clientPattern(rule.match.path),
    matches: compileMatch(rule.match),
    couldApply: compileScope(rule.match),
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
  /** What the request does to the sandbox's event sockets. */
  pipeline?: PipelineRule;
  /** Over a rate limit: answer the endpoint's 429 unless `response` says otherwise. */
  rateLimited?: { retryAfterSeconds?: number };
}

/** A rule's counters in one sandbox. */
export class ActiveRule {
  /** Matching requests seen (for `after`) and draws made (for `probability`). */
  private seen = 0;
  private draws = 0;
  private step = 0;
  remaining: number;
  hits = 0;
  /** Budget key -> times of the requests let through inside the window. */
  private readonly windows = new Map<string, WindowLog>();

  constructor(
    readonly def: RuleDef,
    /** When the rule took effect in this sandbox, on its clock (for `during`); set on first use when unknown. */
    private since: number | undefined,
  ) {
    const { times, sequence } = def.rule;
    this.remaining = Math.min(times ?? Infinity, sequence?.length ?? Infinity);
  }

  /**
   * The rule's answer to a request whose path it matches, its counters moved in the same synchronous
   * step; undefined lets the request on to the next rule.
   */
  take(request: RequestFacts, now: number): Outcome | undefined {
    const { def } = this;
    const { rule } = def;
    if (!def.matches(request)) return undefined;
    this.since ??= now;
    if (rule.during) {
      const minute = (now - this.since) / 60_000;
      if (minute < rule.during.fromMinute || minute >= rule.during.toMinute) return undefined;
    }
    if (rule.rateLimit) return this.limit(now, request.budgetKey(rule.rateLimit.per));
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
      pipeline: rule.pipeline,
    };
  }

  /** A sliding window per budget: exact, since the check and the count are one synchronous step. */
  private limit(now: number, key: string): Outcome | undefined {
    const { limit, windowMs, retryAfter, response } = this.def.rule.rateLimit!;
    let log = this.windows.get(key);
    if (!log) this.windows.set(key, (log = new WindowLog(limit)));
    const freeAt = log.take(now, windowMs);
    if (freeAt === undefined) return undefined;
    this.hits += 1;
    const retryAfterSeconds = retryAfter ? Math.max(1, Math.ceil((freeAt - now) / 1000)) : undefined;
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

/**
 * The requests a budget let through inside the window, as (time, count) runs oldest first: requests
 * in the same millisecond (or all of them, while a test's clock stands still) share one run, so the
 * log stays small and a check costs O(1) amortised.
 */
class WindowLog {
  private readonly times: number[] = [];
  private readonly counts: number[] = [];
  private head = 0;
  private total = 0;

  constructor(private readonly limit: number) {}

  /** Counts the request and answers undefined when the window has room; else when room comes. */
  take(now: number, windowMs: number): number | undefined {
    const { times, counts } = this;
    while (this.head < times.length && times[this.head]! <= now - windowMs) this.total -= counts[this.head++]!;
    if (this.total >= this.limit) return times[this.head]! + windowMs;
    if (this.head < times.length && times[times.length - 1] === now) counts[counts.length - 1]! += 1;
    else {
      if (this.head > 64 && this.head * 2 > times.length) {
        times.splice(0, this.head);
        counts.splice(0, this.head);
        this.head = 0;
      }
      times.push(now);
      counts.push(1);
    }
    this.total += 1;
    return undefined;
  }
}
