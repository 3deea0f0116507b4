import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './env.js';
import { ApiError, messages } from './errors.js';
import { errorBody, json } from './http.js';
import { requireUser } from './auth/middleware.js';
import { authRoutes } from './routes/auth.js';
import { userRoutes } from './routes/users.js';
import { controlRoutes } from './routes/control.js';
import type { World } from './store/world.js';

export interface AppDeps {
  /** The world requests act on. A holder, so the control plane can swap in a fresh one. */
  world: World;
  /** Reports unexpected exceptions; the client only ever sees a 500 envelope without a stack. */
  onUnexpectedError?: (error: unknown) => void;
}

/** The whole HTTP surface, without I/O: tests call `app.request()`, the server hands it to node. */
export function createApp(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    c.set('world', deps.world);
    await next();
  });
  // Login and registration come before the session check; every area after it needs a session.
  api.route('/', authRoutes);
  api.use(requireUser);
  api.route('/', userRoutes);

  const app = new Hono<AppEnv>();
  app.route('/_mock', controlRoutes(deps));
  app.route('/api/1', api);
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
