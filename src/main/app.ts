import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../http/env.js';
import { ApiError, messages } from '../errors.js';
import { errorBody, json, limitJsonBody, requestHeader } from '../http/helpers.js';
import { authRoutes } from '../areas/authentication/routes.js';
import { userRoutes } from '../areas/users/routes.js';
import { inventoryRoutes } from '../areas/inventory/routes.js';
import { notificationRoutes } from '../areas/notifications/routes.js';
import { avatarRoutes } from '../areas/avatars/routes.js';
import { groupRoutes } from '../areas/groups/routes.js';
import { calendarRoutes } from '../areas/calendar/routes.js';
import { controlRoutes } from '../control/routes.js';
import { consolePageHandler } from '../control/console-routes.js';
import { fileRoutes } from '../areas/files/routes.js';
import { inviteMessageRoutes } from '../areas/invite/invite-message-routes.js';
import { uploadRoutes } from '../areas/files/upload-routes.js';
import { websiteHomeRoutes } from '../areas/authentication/website-home.js';
import { worldRoutes } from '../areas/worlds/routes.js';
import { instanceRoutes } from '../areas/instances/routes.js';
import { favoriteRoutes } from '../areas/favorites/routes.js';
import { friendRoutes } from '../areas/friends/routes.js';
import { inviteRoutes } from '../areas/invite/routes.js';
import { moderationRoutes } from '../areas/playermoderation/routes.js';
import { accountRoutes, publicAccountRoutes } from '../areas/authentication/account-extras-routes.js';
import { userGroupRoutes } from '../areas/users/group-routes.js';
import { systemRoutes } from '../areas/miscellaneous/routes.js';
import { SpecificRouter } from '../operations/router.js';
import { routeOperations } from '../operations/wiring.js';
import { operationRoutes } from '../operations/control.js';
import { selectWorld, WORLD_HEADER, Worlds, type WorldLimits } from '../store/worlds.js';
import { recordRequests, RequestJournal } from '../control/journal.js';
import type { ManualClock } from '../store/clock.js';
import type { WorldSource } from '../store/world-source.js';
import { ScenarioEngine } from '../scenarios/engine.js';
import { scenarioMiddleware } from '../scenarios/middleware.js';
import { controlGuard, type ControlGuardOptions } from '../control/guard.js';
import { requireUserAgent } from '../scenarios/user-agent.js';
import { PipelineHub } from '../pipeline/hub.js';
import type { ReadyMadeScenario } from '../store/fixtures/fixture-dir.js';

export interface AppDeps {
  /** The default world and any isolated ones; handlers get theirs per request. */
  worlds: Worlds;
  scenarios: ScenarioEngine;
  journal: RequestJournal;
  /** What the control plane and upload URLs accept (Host names, Origins, a token); loopback only by default. */
  control?: ControlGuardOptions;
  /** The open event sockets of every world (none until a server accepts them). */
  sockets: PipelineHub;
  /** The package's ready-made scenarios, read when the console first lists them. */
  readyMadeScenarios?: () => ReadyMadeScenario[];
  /**
   * False leaves the operations no area simulates to the unknown-route 404 instead of generated
   * answers: only the bench sets it, to measure what their routes cost the others.
   */
  generatedAnswers?: boolean;
  /** Reports unexpected exceptions; the client only ever sees a 500 envelope without a stack. */
  onUnexpectedError?: (error: unknown) => void;
}

/** The whole HTTP surface, without I/O: tests call `app.request()`, the server hands it to node. */
export function createApp(deps: AppDeps) {
  // Where several routes match a request the most specific answers, whatever order the areas were
  // mounted in (/worlds/recent before /worlds/:worldId). Hono's default RegExpRouter would refuse a
  // literal segment beside a parameter anyway and fall back to the trie on every start-up.
  const app = new Hono<AppEnv>({ router: new SpecificRouter() });
  app.use('/_mock/*', controlGuard(deps.control));
  app.use('/_uploads/*', controlGuard(deps.control, { control: false }));
  app.get('/_mock/', consolePageHandler);
  app.route('/_mock', controlRoutes(deps));
  app.route('/_mock', operationRoutes(() => answers()));
  app.route('/_uploads', uploadRoutes(deps));
  app.route('/', websiteHomeRoutes);
  app.use('/api/1/*', recordRequests(deps.journal));

  // The API's routes go straight into the app's router: one copy of each route, not one per level.
  const api = app.basePath('/api/1');
  api.use(async (c, next) => {
    const world = selectWorld(deps.worlds, requestHeader(c, WORLD_HEADER));
    c.set('world', world);
    // A write moves the world's revision on before and after it runs: cached reads made meanwhile go too.
    const writes = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    if (writes) world.revision++;
    try {
      await next();
    } finally {
      if (writes) world.revision++;
    }
  });
  api.use(requireUserAgent);
  api.use(scenarioMiddleware(deps.scenarios));
  api.use(limitJsonBody());
  // The session check of the operation each request reaches (see routeOperations below).
  api.use((c, next) => gate(c, next));
  api.route('/', authRoutes);
  api.route('/', systemRoutes);
  api.route('/', publicAccountRoutes);
  api.route('/', userRoutes);
  api.route('/', groupRoutes);
  api.route('/', calendarRoutes);
  api.route('/', inventoryRoutes);
  api.route('/', notificationRoutes);
  api.route('/', avatarRoutes);
  api.route('/', fileRoutes);
  api.route('/', inviteMessageRoutes);
  api.route('/', worldRoutes);
  api.route('/', instanceRoutes);
  // people (users, friends, notifications, moderation)
  api.route('/', friendRoutes);
  api.route('/', inviteRoutes);
  api.route('/', moderationRoutes);
  api.route('/', accountRoutes);
  api.route('/', userGroupRoutes);

  // catalogue (worlds, avatars, favorites, files, inventory)
  api.route('/', favoriteRoutes);

  // After every area: each operation of the public description that no area routes gets a generated
  // answer; which operations an area routes is read from its routes, never listed by hand.
  const { answers, gate } = routeOperations(api, '/api/1', [authRoutes, publicAccountRoutes], deps.generatedAnswers !== false);
  app.notFound((c) => json(c, errorBody(new ApiError(404, messages.notFound)), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return json(c, errorBody(error), error.status);
    if (error instanceof HTTPException) {
      return json(c, errorBody(new ApiError(error.status, error.message || messages.notFound)), error.status);
    }
    deps.onUnexpectedError?.(error);
    return json(c, errorBody(new ApiError(500, messages.internal)), 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;

/** The usual dependencies: worlds built from `source`, each on a clock from `newClock`. */
export function worldDeps(
  source: WorldSource,
  newClock: () => ManualClock,
  options: Partial<AppDeps> & { defaultClock?: ManualClock; worldLimits?: Partial<WorldLimits> } = {},
): AppDeps {
  const { defaultClock, worldLimits, ...rest } = options;
  return {
    worlds: new Worlds(source, newClock, defaultClock, worldLimits),
    scenarios: new ScenarioEngine(),
    journal: new RequestJournal(),
    sockets: new PipelineHub(),
    ...rest,
  };
}
