import type { OperationFacts } from './facts.js';

/**
 * Where the live service asks for a session otherwise than the description the operations table is written
 * from (src/operations/table.ts): each with the community's conformance workflows that show it. The newer
 * description the suite names marks the ones served without a session as such (`security: [{}, {authCookie: []}]`).
 */
const LIVE_SESSIONS: Readonly<Record<string, { session: boolean; workflows: readonly string[] }>> = {
  discoverCalendarEvents: { session: false, workflows: ['discover-calendar-events-anonymous'] },
  getFeaturedCalendarEvents: { session: false, workflows: ['get-featured-calendar-events-anonymous'] },
};

/** Whether the operation answers 401 without a session, as the live service does. */
export const needsSession = (op: OperationFacts): boolean => LIVE_SESSIONS[op.operationId]?.session ?? op.session;
