import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Session } from '../../store/sessions.js';
import type { UserRecord } from '../../store/records/user.js';
import type { AppEnv } from '../../http/env.js';
import { ApiError, messages } from '../../errors.js';
import { AUTH_COOKIE, readCookie } from './cookies.js';

/** The live, fully verified session the `auth` cookie names, with its user; undefined without one. */
export function sessionOf(c: Context<AppEnv>): { session: Session; user: UserRecord } | undefined {
  const sandbox = c.get('sandbox');
  const token = readCookie(c, AUTH_COOKIE);
  const session = token ? sandbox.sessions.get(token) : undefined;
  const user = session && !session.pendingTwoFactor ? sandbox.users.get(session.userId) : undefined;
  return session && user ? { session, user } : undefined;
}

/** Every operation past login: a live, fully verified session from the `auth` cookie, or 401. */
export const requireUser = createMiddleware<AppEnv>((c, next) => {
  const found = sessionOf(c);
  if (!found) throw new ApiError(401, messages.missingCredentials);
  c.set('session', found.session);
  c.set('user', found.user);
  return next();
});
