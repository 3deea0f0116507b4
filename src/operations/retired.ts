// The operations of the description the live service no longer serves. Each answers the live service's
// generic 404 in both profiles (the seed's table names none of them), so a client built against the
// simulator does not come to depend on an endpoint that is gone. An area must not route one: the
// wiring answers it (src/routing/wiring.ts), `/_mock/operations` lists it as `retired` with its
// date, and docs/what-is-simulated.md is written from this list.
import type { Context } from 'hono';
import { messages } from '../errors.js';
import { json } from '../http/helpers.js';

export interface RetiredOperation {
  operationId: string;
  /** The day the live service stopped serving it (YYYY-MM-DD). */
  retiredOn: string;
  /** Where its 404 was seen. */
  evidence: string;
}

const TILIA_AND_ELIGIBILITY = 'issue 34; the conformance suite, which tags it deprecated in its description';

export const retiredOperations: readonly RetiredOperation[] = [
  { operationId: 'getTiliaStatus', retiredOn: '2026-07-31', evidence: `${TILIA_AND_ELIGIBILITY} (workflow get-tilia-status)` },
  { operationId: 'getTiliaTos', retiredOn: '2026-07-31', evidence: `${TILIA_AND_ELIGIBILITY} (workflow get-tilia-tos)` },
  { operationId: 'updateTiliaTos', retiredOn: '2026-07-31', evidence: `${TILIA_AND_ELIGIBILITY} (workflow update-tilia-tos)` },
  { operationId: 'getBalanceEarnings', retiredOn: '2026-07-31', evidence: `${TILIA_AND_ELIGIBILITY} (workflow get-balance-earnings)` },
  {
    operationId: 'getSellerEligibility',
    retiredOn: '2026-07-31',
    evidence: `${TILIA_AND_ELIGIBILITY} (workflow get-seller-eligibility)`,
  },
  {
    operationId: 'getUserCreditsEligible',
    retiredOn: '2026-07-31',
    evidence: `${TILIA_AND_ELIGIBILITY} (workflow get-user-credits-eligible)`,
  },
];

const byOperationId = new Map(retiredOperations.map((op) => [op.operationId, op]));

/** The operation's retirement, or undefined for one the live service still serves. */
export const retirementOf = (operationId: string): RetiredOperation | undefined => byOperationId.get(operationId);

/**
 * The live service's answer to a route it does not serve. Unlike every other error its `error` is the
 * message itself, not an object holding it (the description's RouteNotImplemented); it comes before any
 * session or input check, as the route is not there to make them.
 */
export const routeNotImplementedBody = () => ({ error: messages.routeNotImplemented, status_code: 404 });

export const retiredHandler = (c: Context) => json(c, routeNotImplementedBody(), 404);
