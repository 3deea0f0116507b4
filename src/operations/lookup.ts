import type { OperationFacts } from './facts.js';
import { firstSegmentOf, mostSpecificFirst, pathPattern, serves } from '../http/path-pattern.js';
import { operations } from './table.js';

/** Every template's first segment is fixed: a request's first segment narrows the search to its area. */
let byMethodAndArea: Map<string, OperationFacts[]> | undefined;

const key = (method: string, area: string) => `${method} ${area}`;

function index(): Map<string, OperationFacts[]> {
  if (!byMethodAndArea) {
    byMethodAndArea = new Map();
    for (const op of mostSpecificFirst(operations)) {
      const at = key(op.method, pathPattern(op.path).firstSegment ?? '');
      const list = byMethodAndArea.get(at);
      if (list) list.push(op);
      else byMethodAndArea.set(at, [op]);
    }
  }
  return byMethodAndArea;
}

/**
 * The operation of the table a request reaches (`path` below /api/1, without query): of the
 * templates that match it, the most specific, as the app routes it (`/worlds/recent` before
 * `/worlds/{worldId}`).
 */
export function operationAt(method: string, path: string): OperationFacts | undefined {
  return index()
    .get(key(method, firstSegmentOf(path)))
    ?.find((op) => pathPattern(op.path).test(path));
}

/** The operations a route of an area (Hono's notation, below /api/1) serves: same method, same template. */
export function operationsServedBy(method: string, routePath: string): OperationFacts[] {
  const route = pathPattern(routePath);
  const area = route.firstSegment;
  const candidates = area === undefined ? operations.filter((op) => op.method === method) : (index().get(key(method, area)) ?? []);
  return candidates.filter((op) => serves(route, pathPattern(op.path)));
}
