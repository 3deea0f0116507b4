import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Session } from '../store/sessions.js';
import type { UserRecord } from '../store/records/user.js';
import type { AppEnv } from './env.js';
import { ApiError, messages } from '../errors.js';
import { AUTH_COOKIE, readCookie } from './cookies.js';
import { requestReads } from './request-reads.js';

/** The token the request's `auth` cookie carries. */
export const sessionToken = (c: Context) => readCookie(c, AUTH_COOKIE);

/** The live session a token names (a login still waiting for its second factor included). */
export function namedSession(c: Context<AppEnv>, token: string | undefined): Session | undefined {
  const session = token ? c.get('sandbox').sessions.get(token) : undefined;
  const reads = session && requestReads(c);
  if (reads) reads.sessionsLiveUntil = Math.min(reads.sessionsLiveUntil, session.expiresAt);
  return session;
}

/** The live, fully verified session the `auth` cookie names, with its user; undefined without one. */
export function sessionOf(c: Context<AppEnv>): { session: Session; user: UserRecord } | undefined {
  const session = namedSession(c, sessionToken(c));
  const user = session && !session.pendingTwoFactor ? c.get('sandbox').users.get(session.userId) : undefined;
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
