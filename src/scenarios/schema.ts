import * as z from 'zod';
import { lazy } from '../schemas/lazy.js';
import { PipelineRuleSchema } from '../pipeline/scenario-rule.js';

/** Network-level failures, named as WireMock names its faults. */
export const FaultKind = lazy(() => z.enum(['connection-reset', 'empty-response', 'malformed-json']));
export type FaultKind = z.infer<typeof FaultKind>;

const RuleMatchSchema = lazy(() => z.strictObject({
  /** HTTP method; any when left out. */
  method: z.string().toUpperCase().optional(),
  /** Path below /api/1 with `:param` segments and `*` for the rest, e.g. `/message/:userId/*`. */
  path: z.string().startsWith('/', 'must start with /'),
  /** Query parameters that must be present with these values (`*`: present with any value). */
  query: z.record(z.string(), z.string()).optional(),
  /** Request headers (case-insensitive names) that must be present with these values (`*`: any value). */
  headers: z.record(z.string(), z.string()).optional(),
  /** Username of the logged-in user the rule applies to. */
  user: z.string().optional(),
}));

const RuleResponseSchema = lazy(() => z.strictObject({
  status: z.number().int().min(200).max(599),
  /** Message of the error envelope; a plain description of the status when left out. */
  message: z.string().optional(),
  wafCode: z.number().int().optional(),
  /** A raw JSON body instead of the error envelope. */
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
}));

export const RuleSchema = lazy(() => z
  .strictObject({
    match: RuleMatchSchema,
    /** What to answer instead of the simulated API. */
    response: RuleResponseSchema.optional(),
    /** A network failure instead of any answer. */
    fault: FaultKind.optional(),
    /** Wait this long first; alone, delays the real answer. */
    delayMs: z.number().int().min(0).max(60_000).optional(),
    /** How many matching requests the rule applies to; forever when left out. */
    times: z.number().int().min(1).optional(),
    pipeline: PipelineRuleSchema.optional(),
  })
  .refine((rule) => !(rule.response && rule.fault), 'must have a response or a fault, not both')
  .refine(
    (rule) => rule.response || rule.fault || rule.delayMs !== undefined || rule.pipeline,
    'must have a response, a fault, a delayMs or a pipeline',
  ));
export type Rule = z.infer<typeof RuleSchema>;

export const ScenarioSchema = lazy(() => z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  rules: z.array(RuleSchema),
}));
export type Scenario = z.infer<typeof ScenarioSchema>;
