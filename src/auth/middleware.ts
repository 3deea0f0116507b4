import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { ApiError, messages } from '../errors.js';
import { AUTH_COOKIE, readCookie } from './cookies.js';

/** Every operation past login: a live, fully verified session from the `auth` cookie, or 401. */
export const requireUser = createMiddleware<AppEnv>((c, next) => {
  const world = c.get('world');
  const token = readCookie(c, AUTH_COOKIE);
  const session = token ? world.sessions.get(token) : undefined;
  const user = session && !session.pendingTwoFactor ? world.users.get(session.userId) : undefined;
  if (!session || !user) throw new ApiError(401, messages.missingCredentials);
  c.set('session', session);
  c.set('user', user);
  return next();
});
