import { Hono, type Context, type Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../http/env.js';
import type { Sandbox } from '../store/sandbox.js';
import { ApiError, messages } from '../errors.js';
import { bodyBytesRead, errorResponse, limitJsonBody, requestedSandboxId, requestHeader } from '../http/helpers.js';
import { RememberingRouter } from '../http/remembering-router.js';
import { areaSubApps, ownSessionSubApps, uploadRoutes } from '../areas/sub-apps.js';
import { controlRoutes } from '../control/routes.js';
import { consolePageHandler } from '../control/console-routes.js';
import { websiteHomeRoutes } from '../http/website-home.js';
import { routeOperations } from '../routing/wiring.js';
import { operationRoutes } from '../control/operations-routes.js';
import { selectSandbox, Sandboxes, type SandboxLimits } from '../store/sandboxes.js';
import { recordRequests, RequestJournal } from '../control/journal.js';
import type { ManualClock } from '../store/clock.js';
import type { SandboxSource } from '../store/sandbox-source.js';
import { ScenarioEngine } from '../scenarios/engine.js';
import { scenarioMiddleware } from '../scenarios/middleware.js';
import { controlGuard } from '../control/guard.js';
import { requireUserAgent } from '../scenarios/user-agent.js';
import { PipelineHub } from '../pipeline/hub.js';
import type { AppDeps } from '../control/deps.js';
import { checkRecordRoom, noteWrite, recordsChanged } from '../store/record-bytes.js';
import type { ReplayedReads } from './replayed-reads.js';

export type { AppDeps };

/**
 * The whole HTTP surface, without I/O: tests call `app.request()`, the server hands it to node.
 * Given `replays`, the app keeps the cached reads that node's listener may answer again by itself.
 */
export function createApp(deps: AppDeps, replays?: ReplayedReads) {
  // Hono's trie router: its default RegExpRouter refuses a fixed word beside a parameter in one place
  // (`/worlds/recent`, `/worlds/:worldId`) and would fall back to the trie on every start anyway.
  // Its answers are remembered per method and path (see remembering-router.ts).
  const app = new Hono<AppEnv>({ router: new RememberingRouter() });
  app.use('/_mock/*', controlGuard(deps.control));
  app.use('/_uploads/*', controlGuard(deps.control, { control: false }));
  app.use('/_mock/*', (c, next) => {
    if (!mayChangeState(c)) return next();
    const sandbox = deps.sandboxes.get(requestedSandboxId(c));
    return sandbox ? changing(sandbox, next, true) : next();
  });
  // An upload's bytes change the sandbox its ticket names.
  app.use('/_uploads/*', (c, next) => {
    if (!mayChangeState(c)) return next();
    const sandbox = deps.sandboxes.get(c.req.query('world') ?? requestedSandboxId(c));
    return sandbox ? changing(sandbox, next) : next();
  });
  app.get('/_mock/', consolePageHandler);
  app.route('/_mock', controlRoutes(deps));
  app.route(
    '/_mock',
    operationRoutes(() => answers()),
  );
  app.route('/_uploads', uploadRoutes(deps));
  app.route('/', websiteHomeRoutes);
  if (replays) app.on('GET', '/api/1/*', replays.noteReads);
  app.use('/api/1/*', recordRequests(deps.journal, replays?.remember));

  // The API's routes go straight into the app's router: one copy of each route, not one per level.
  const api = app.basePath('/api/1');
  api.use(async (c, next) => {
    const sandbox = selectSandbox(deps.sandboxes, requestedSandboxId(c));
    c.set('sandbox', sandbox);
    // A login (the user's last login and activity) and the account emails' links are the GETs that change records.
    const changes = mayChangeState(c) || requestHeader(c, 'authorization') !== undefined || CHANGING_GETS.has(c.req.path);
    return changes ? changing(sandbox, next, false, c) : next();
  });
  api.use(requireUserAgent);
  api.use(scenarioMiddleware(deps.scenarios));
  api.use(limitJsonBody());
  // The session check of the operation each request reaches (see routeOperations below).
  api.use((c, next) => gate(c, next));
  // Every area's routes and a generated answer for each operation no area routes (see routeOperations).
  const areas = Object.values(areaSubApps).flat();
  const { answers, gate } = routeOperations(api, '/api/1', areas, ownSessionSubApps, deps.generatedAnswers !== false);
  app.notFound((c) => errorResponse(c, new ApiError(404, messages.notFound)));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) return errorResponse(c, new ApiError(error.status, error.message || messages.notFound));
    deps.onUnexpectedError?.(error);
    return errorResponse(c, new ApiError(500, messages.internal));
  });
  return app;
}

export type App = ReturnType<typeof createApp>;

/** The usual dependencies: sandboxes built from `source`, each on a clock from `newClock`. */
export function sandboxDeps(
  source: SandboxSource,
  newClock: () => ManualClock,
  options: Partial<AppDeps> & { defaultClock?: ManualClock; sandboxLimits?: Partial<SandboxLimits> } = {},
): AppDeps {
  const { defaultClock, sandboxLimits, ...rest } = options;
  return {
    sandboxes: new Sandboxes(source, newClock, defaultClock, sandboxLimits),
    scenarios: new ScenarioEngine(),
    journal: new RequestJournal(),
    sockets: new PipelineHub(),
    ...rest,
  };
}

const mayChangeState = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD';

const CHANGING_GETS = new Set(['/api/1/auth/confirmEmail', '/api/1/auth/verifyLoginPlace']);

/**
 * Runs a request that may change `sandbox`, moving the sandbox's revision on before and after it: the
 * read cache answers only what was read at the current revision, so reads cached meanwhile go too.
 * The one place the revision moves, and the one place a saved sandbox learns which requests may change
 * it (`everything` for the control plane's, whose changes it cannot tell from what they read).
 */
async function changing(sandbox: Sandbox, next: Next, everything = false, c?: Context) {
  // An API write that may add records is refused while the sandboxes' records fill their share of
  // --max-memory (record-bytes.ts); a delete, a login or a control-plane write (a reset) is not.
  if (c && ADDING_METHODS.has(c.req.method)) checkRecordRoom(sandbox);
  const writes = sandbox.writes;
  sandbox.revision++;
  writes?.begin(everything);
  try {
    await next();
  } finally {
    writes?.end();
    sandbox.revision++;
    if (everything) recordsChanged(sandbox);
    else noteWrite(sandbox, c ? await bodyBytesRead(c) : 0);
  }
}

const ADDING_METHODS = new Set(['POST', 'PUT', 'PATCH']);
