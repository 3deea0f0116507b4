import * as z from 'zod';
import { lazy } from '../schema/lazy.js';
import { PipelineRuleSchema } from './pipeline-rule.js';
import { checkHeaders, checkNoProtoKey, MAX_BODY_DEPTH, nestsAtMost, NO_BODY_STATUSES } from './rule-checks.js';

/**
 * Network-level failures, named as WireMock names its faults. `hang` and `slow-body` take their time
 * from the rule's `delayMs`; every other kind loses the answer.
 */
export const FaultKind = lazy(() =>
  z.enum(['connection-reset', 'empty-response', 'malformed-json', 'hang', 'slow-body', 'random-bytes-then-close']),
);
export type FaultKind = z.infer<typeof FaultKind>;

/** `{"a", "b"}`: the fields an object takes, for an error that names the accepted form. */
const fieldsOf = (shape: object) => `{${Object.keys(shape).map((key) => `"${key}"`).join(', ')}}`;

/**
 * A strict object whose refusals say what it accepts: an unknown field, or something not an object,
 * is refused naming `form` (`must not have "status" (expected {"response": …})`), so a file's author
 * sees the right shape beside the JSON path. Worded `must …` so the control plane's 400 keeps it.
 */
function strictForm<Shape extends z.core.$ZodLooseShape>(shape: Shape, form = fieldsOf(shape)) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => `"${key}"`).join(', ');
        return `must not have ${keys} (expected ${form})`;
      }
      if (issue.code === 'invalid_type') return issue.input === undefined ? `is required (expected ${form})` : `must be ${form}`;
      return undefined;
    },
  });
}

/** A record of matchers, refusing the one key a parsed record would silently drop. */
const matcherRecord = <T extends z.ZodType>(value: T) => z.unknown().superRefine(checkNoProtoKey).pipe(z.record(z.string(), value));

/** The matchers a rule may name; every one given must hold. */
const matcherFields = () => ({
  /** HTTP method; any when left out. */
  method: z.string().toUpperCase().optional(),
  /** Path below /api/1 with `:param` segments and `*` for the rest, e.g. `/message/:userId/*`. */
  path: z.string().startsWith('/', 'must start with /'),
  /** Query parameters that must be present with these values (`*`: present with any value). */
  query: matcherRecord(z.string()).optional(),
  /** Request headers (case-insensitive names) that must be present with these values (`*`: any value). */
  headers: matcherRecord(z.string()).optional(),
  /** Username of the logged-in user the rule applies to. */
  user: z.string().optional(),
  /** A JSON subset of the request body: each field must equal (`*`: any value); nested objects match as subsets. */
  body: matcherRecord(z.unknown()).optional(),
  /** The isolated sandbox (a "world" to users) the request names with X-Mock-World (`*`: any isolated one). */
  world: z.string().optional(),
  /** One login: the value of its auth cookie. */
  session: z.string().optional(),
});

export const RuleMatchSchema = lazy(() => {
  const fields = matcherFields();
  const not = { ...fields, path: fields.path.optional() };
  return strictForm({
    ...fields,
    /** Matchers that must each fail: `{"not": {"user": "bob"}}` is everyone but bob. */
    not: strictForm(not).optional(),
  });
});
export type RuleMatch = z.infer<typeof RuleMatchSchema>;

export const RuleResponseSchema = lazy(() => strictForm({
  status: z.number().int().min(200).max(599).refine((status) => !NO_BODY_STATUSES.has(status), 'must not be 204, 205 or 304: those answers carry no body'),
  /** Message of the error envelope; a plain description of the status when left out. */
  message: z.string().optional(),
  wafCode: z.number().int().optional(),
  /** A raw JSON body instead of the error envelope. */
  body: z.unknown().refine((body) => nestsAtMost(body), `must nest at most ${MAX_BODY_DEPTH} deep`).optional(),
  headers: z.record(z.string(), z.string()).superRefine(checkHeaders).optional(),
}, '{"status", "message"?, "wafCode"?, "body"?, "headers"?}'));
export type RuleResponse = z.infer<typeof RuleResponseSchema>;

/** One answer of a `sequence`: a response, a fault or a delay, as a rule gives them. */
const SequenceStepSchema = lazy(() =>
  strictForm(
    {
      response: RuleResponseSchema.optional(),
      fault: FaultKind.optional(),
      delayMs: z.number().int().min(0).max(60_000).optional(),
      passThrough: z.boolean().optional(),
    },
    '{"response": {"status": …}}, {"fault": "…"} or {"delayMs": …}',
  )
    .refine((step) => !(step.response && step.fault && step.fault !== 'slow-body'), 'must have a response or a fault, not both')
    .refine((step) => step.response || step.fault || step.delayMs !== undefined, 'must have a response, a fault or a delayMs'));

/** A window in minutes of the sandbox's clock, counted from when the rule took effect in that sandbox. */
const DuringSchema = lazy(() =>
  strictForm({ fromMinute: z.number().min(0), toMinute: z.number().min(0) })
    .refine((during) => during.toMinute > during.fromMinute, 'toMinute must be after fromMinute'));

export const RateLimitSchema = lazy(() => strictForm({
  /** Requests let through inside any window. */
  limit: z.number().int().min(1),
  windowMs: z.number().int().min(1).max(86_400_000),
  /** What one budget belongs to: the logged-in user, one login, the client's address, or everyone. */
  per: z.enum(['user', 'session', 'ip', 'global']).default('global'),
  /** Send `Retry-After` with the seconds until the window lets a request through again. */
  retryAfter: z.boolean().optional(),
  /** The answer over the limit; the 429 envelope with the endpoint's message when left out. */
  response: RuleResponseSchema.optional(),
}));

const whatFields = (rule: { response?: unknown; fault?: unknown; delayMs?: unknown; sequence?: unknown; rateLimit?: unknown }) =>
  [rule.response || rule.fault ? 'answer' : undefined, rule.sequence ? 'sequence' : undefined, rule.rateLimit ? 'rateLimit' : undefined].filter(Boolean);

/** One part per concern (match, what, when), so a new kind of rule is one more field. */
export const RuleSchema = lazy(() =>
  strictForm({
    match: RuleMatchSchema,
    /** What to answer instead of the simulated API. */
    response: RuleResponseSchema.optional(),
    /** A network failure instead of any answer (`slow-body` dribbles `response`, or the real answer). */
    fault: FaultKind.optional(),
    /** Wait this long first; alone, delays the real answer. For `hang` the bound, for `slow-body` the dribble's length. */
    delayMs: z.number().int().min(0).max(60_000).optional(),
    /** With a fault or a response: the simulated API handles the request first, so a write happens and its answer is lost. */
    passThrough: z.boolean().optional(),
    /** Answers used in order, one per matching request, then the real answer again. */
    sequence: z.array(SequenceStepSchema).min(1).max(1000).optional(),
    /** Requests over `limit` inside the sliding window get a 429. */
    rateLimit: RateLimitSchema.optional(),
    /** Let the first N matching requests through untouched. */
    after: z.number().int().min(0).optional(),
    /** How many matching requests the rule applies to; forever when left out. */
    times: z.number().int().min(1).optional(),
    /** The chance that a matching request is answered by the rule, drawn from a random seeded per sandbox and rule. */
    probability: z.number().min(0).max(1).optional(),
    during: DuringSchema.optional(),
    /** What the request does to the sandbox's event sockets when the rule takes it. */
    pipeline: PipelineRuleSchema.optional(),
  })
    .refine((rule) => !(rule.response && rule.fault && rule.fault !== 'slow-body'), 'must have a response or a fault, not both')
    .refine((rule) => whatFields(rule).length <= 1, 'must have only one of response/fault, sequence, rateLimit')
    .refine(
      (rule) => !rule.rateLimit || [rule.after, rule.times, rule.probability, rule.delayMs, rule.passThrough].every((field) => field === undefined),
      'must not have after, times, probability, delayMs or passThrough beside rateLimit, which counts every matching request',
    )
    .refine(
      (rule) => rule.response || rule.fault || rule.delayMs !== undefined || rule.sequence || rule.rateLimit || rule.pipeline,
      'must have a response, a fault, a delayMs, a sequence, a rateLimit or a pipeline',
    ));
export type Rule = z.infer<typeof RuleSchema>;

export const ScenarioSchema = lazy(() => strictForm({
  /** The JSON Schema an editor checks the file against; ignored here. */
  $schema: z.string().optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  rules: z.array(RuleSchema),
}));
export type Scenario = z.infer<typeof ScenarioSchema>;
