import type { Hono, MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../http/env.js';
import { ApiError, messages } from '../errors.js';
import { sessionOf } from '../http/session.js';
import type { OperationFacts } from '../operations/facts.js';
import { generatedHandler } from './generated.js';
import { honoRoute, mostSpecificFirst } from '../http/path-pattern.js';
import { operationsServedBy } from '../operations/lookup.js';
import { retiredHandler, retirementOf } from '../operations/retired.js';
import { operations } from '../operations/table.js';

export type Answer = 'stateful' | 'generated' | 'retired';

/** Every operation of the description and who answers it, for /_mock/operations and README. */
export interface OperationAnswer extends OperationFacts {
  answer: Answer;
  /** For a retired operation, the day the live service stopped serving it. */
  retiredOn?: string;
}

/**
 * How the session check treats a route: `own` routes (login, 2FA) read the cookie themselves; a
 * retired one answers its 404 to anyone.
 */
type SessionRule = 'required' | 'optional' | 'own' | 'none';

interface RouteInfo {
  answer: Answer;
  session: SessionRule;
}

const isEndpoint = (route: { method: string; path: string }) => route.method !== 'ALL' && !route.path.endsWith('*');

/**
 * Routes every operation of the table under `api` (mounted at `base`): each route of the areas, the
 * live service's generic 404 for every operation it retired (`retired`, src/operations/retired.ts; an
 * area routing one is a mistake caught here), and a generated answer on its exact path for every other
 * operation no area routes (the operation is then `generated`; one some area registered a route for is
 * `stateful`). All are registered most specific first, so one area's parameter route never shadows
 * another's fixed path, whatever order the areas come in. Returns the list of operations with their
 * answer (made when first asked for), and the session check.
 */
export function routeOperations(
  api: Hono<AppEnv>,
  base: string,
  areas: Hono<AppEnv>[],
  ownSession: Hono<AppEnv>[],
  generateAnswers = true,
) {
  const inApi = (route: RouterRoute) => isEndpoint(route) && route.path.startsWith(`${base}/`);
  const areaRoutes = areas.flatMap((area) => area.routes);
  const unsupported = areaRoutes.find((route) => route.path.endsWith('*'));
  if (unsupported)
    throw new Error(`an area's sub-app holds middleware (${unsupported.method} ${unsupported.path}): put it on the API instead`);
  const stateful = new Set<string>();
  for (const route of areaRoutes) for (const op of operationsServedBy(route.method, route.path)) stateful.add(op.operationId);
  const routedRetired = [...stateful].filter((id) => retirementOf(id));
  if (routedRetired.length) throw new Error(`an area routes operations the live service retired: ${routedRetired.join(', ')}`);
  const generated = new Map<unknown, OperationFacts>();
  const routes: { method: string; path: string; handler: RouterRoute['handler'] }[] = [...areaRoutes];
  for (const op of operations) {
    if (retirementOf(op.operationId)) routes.push({ method: op.method, path: honoRoute(op.path).path, handler: retiredHandler });
  }
  for (const op of operations) {
    if (stateful.has(op.operationId) || retirementOf(op.operationId) || !generateAnswers) continue;
    const template = honoRoute(op.path);
    const handler = generatedHandler(op, template);
    generated.set(handler, op);
    routes.push({ method: op.method, path: template.path, handler });
  }
  for (const route of mostSpecificFirst(routes)) api.on(route.method, route.path, route.handler);
  let listed: OperationAnswer[] | undefined;
  const answerOf = (op: OperationFacts): OperationAnswer => {
    const retirement = retirementOf(op.operationId);
    if (retirement) return { ...op, answer: 'retired', retiredOn: retirement.retiredOn };
    return { ...op, answer: stateful.has(op.operationId) ? 'stateful' : 'generated' };
  };
  const answers = () => (listed ??= operations.map(answerOf));
  const own = new Set(ownSession.flatMap((sub) => sub.routes.map((route) => route.handler)));
  // Each route, described when a request first reaches it; null for middleware and routes outside the API.
  const info = new Map<RouterRoute, RouteInfo | null>();

  function infoOf(route: RouterRoute): RouteInfo | null {
    let known = info.get(route);
    if (known !== undefined) return known;
    known = null;
    if (inApi(route)) {
      const op = generated.get(route.handler);
      if (op) known = { answer: 'generated', session: op.session ? 'required' : 'optional' };
      else if (route.handler === retiredHandler) known = { answer: 'retired', session: 'none' };
      else {
        const ops = operationsServedBy(route.method, route.path.slice(base.length));
        const session: SessionRule = own.has(route.handler)
          ? 'own'
          : ops.length > 0 && ops.every((op) => !op.session)
            ? 'optional'
            : 'required';
        known = { answer: 'stateful', session };
      }
    }
    info.set(route, known);
    return known;
  }

  /**
   * The session check of the operation a request reaches, and its `X-Mock-Answer` header. An
   * operation the description marks with an empty `security`, or the live service serves without one
   * (scripts/operations-table.ts reads the live service's rule), answers without a session (and sees the user when a cookie names one); a path of no operation is checked as any other, so it answers 401
   * without a session and the unknown-route 404 with one.
   */
  const gate: MiddlewareHandler<AppEnv> = (c, next) => {
    let route: RouteInfo | null = null;
    for (const matched of c.req.matchedRoutes) if ((route = infoOf(matched))) break;
    if (route) c.header('X-Mock-Answer', route.answer);
    const rule = route?.session ?? 'required';
    if (rule === 'own' || rule === 'none') return next();
    const found = sessionOf(c);
    if (found) {
      c.set('session', found.session);
      c.set('user', found.user);
    } else if (rule === 'required') throw new ApiError(401, messages.missingCredentials);
    return next();
  };

  return { answers, gate };
}
