import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import type { Sandbox } from '../../store/sandbox.js';
import { ApiError, messages } from '../../errors.js';
import { decodeBasic } from '../../http/basic-auth.js';
import { AUTH_COOKIE, TWO_FACTOR_COOKIE, clearCookie, readCookie, setTokenCookie } from '../../http/cookies.js';
import { namedSession, requireUser, sessionToken } from '../../http/session.js';
import { currentUserView, login, register, twoFactorMethods, verifySecondFactor, type TwoFactorMethod } from './accounts.js';
import { cachedJson, json, jsonBody, requestHeader, success } from '../../http/helpers.js';
import { signedOut } from '../users/public.js';

/** Login, registration, two-factor verification and logout: the operations that make sessions. */
export const authRoutes = new Hono<AppEnv>();

const sessionCookieSeconds = (sandbox: Sandbox) => sandbox.settings.sessionTtlMinutes * 60;

authRoutes.get('/auth/user', (c) => {
  const sandbox = c.get('sandbox');
  let session = namedSession(c, sessionToken(c));
  if (!session) {
    const credentials = decodeBasic(requestHeader(c, 'authorization'));
    if (!credentials) throw new ApiError(401, messages.missingCredentials);
    session = login(sandbox, credentials, readCookie(c, TWO_FACTOR_COOKIE));
    setTokenCookie(c, AUTH_COOKIE, session.token, sessionCookieSeconds(sandbox));
  }
  // A session whose user is gone (a restore from before the user existed) is no session.
  const user = sandbox.users.get(session.userId);
  if (!user) throw new ApiError(401, messages.missingCredentials);
  if (session.pendingTwoFactor) return json(c, { requiresTwoFactorAuth: twoFactorMethods(user) });
  return cachedJson(c, `current user ${user.id}`, () => currentUserView(sandbox, user));
});

authRoutes.post('/auth/register', async (c) => {
  const sandbox = c.get('sandbox');
  const user = register(sandbox, await jsonBody(c));
  const session = sandbox.sessions.open(user.id, false);
  setTokenCookie(c, AUTH_COOKIE, session.token, sessionCookieSeconds(sandbox));
  return json(c, { ...currentUserView(sandbox, user), authToken: session.token });
});

const verifyMethods: Record<string, TwoFactorMethod> = { totp: 'totp', otp: 'otp', emailotp: 'emailOtp' };

// Only the three real methods match: any other name is an unknown route, never a prototype key of verifyMethods.
authRoutes.post('/auth/twofactorauth/:method{(?:totp|otp|emailotp)}/verify', async (c) => {
  const sandbox = c.get('sandbox');
  const method = verifyMethods[c.req.param('method')];
  const session = namedSession(c, sessionToken(c));
  if (!session || !method) throw new ApiError(401, messages.missingCredentials);
  const { code } = await jsonBody(c);
  verifySecondFactor(sandbox, session, method, code);
  const device = sandbox.sessions.rememberDevice(session.userId);
  setTokenCookie(c, TWO_FACTOR_COOKIE, device.token, sandbox.settings.twoFactorTtlDays * 86_400);
  return json(c, { verified: true });
});

authRoutes.put('/logout', requireUser, (c) => {
  c.get('sandbox').sessions.close(c.get('session').token);
  signedOut(c.get('sandbox'), c.get('user'));
  clearCookie(c, AUTH_COOKIE);
  return json(c, success('Ok!'));
});
