import * as z from 'zod';
import type { Sandbox } from '../store/sandbox.js';
import { lazy } from '../schema/lazy.js';
import type { PipelineRule } from '../store/pipeline-bus.js';

/**
 * A scenario rule's `pipeline` field: what a matching request does to the sandbox's event sockets.
 * Faults given replace the sandbox's socket faults, as POST /_mock/pipeline/faults does.
 */
export const PipelineRuleSchema = lazy(() =>
  z.strictObject({
    drop: z.enum(['user', 'all']).optional(),
    delayMs: z.number().int().min(0).max(60_000).optional(),
    duplicate: z.boolean().optional(),
    refuseConnections: z.number().int().min(0).optional(),
    refuseForMs: z.number().int().min(0).max(3_600_000).optional(),
  }) satisfies z.ZodType<PipelineRule>,
);

/**
 * Called by the scenario middleware when a rule with a `pipeline` field takes a request; `token` is
 * the request's auth cookie, naming the user whose sockets `drop: "user"` cuts.
 */
export function applyPipelineRule(sandbox: Sandbox, rule: PipelineRule, token: string | undefined): void {
  sandbox.pipeline.signal({ kind: 'rule', rule, userId: token ? sandbox.sessions.get(token)?.userId : undefined });
}
