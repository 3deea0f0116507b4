import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { requestHeader } from './helpers.js';

/** The cookie a login sets: the token of the session (`sandbox.sessions`). */
export const AUTH_COOKIE = 'auth';
/** The cookie that lets a device skip the second factor on later logins. */
export const TWO_FACTOR_COOKIE = 'twoFactorAuth';

/** The cookie spec's cap on a cookie's lifetime (RFC 6265bis), past which Hono's helper refuses to write one. */
const MAX_COOKIE_SECONDS = 400 * 86_400;

/**
 * One cookie of the request, parsed as `getCookie` of hono/cookie parses it, from node's own headers
 * (`requestHeader`): `getCookie` asks for the request's web Headers, which are built whole on first use.
 */
export function readCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header === undefined ? undefined : parse(header, name)[name];
}

/**
 * The browser-facing expiry follows wall time; the session itself expires by the sandbox's clock (a
 * `twoFactorTtlDays` past the cookie's cap keeps the device remembered longer than the cookie).
 */
export function setTokenCookie(c: Context, name: string, token: string, lifetimeSeconds: number) {
  const maxAge = Math.min(lifetimeSeconds, MAX_COOKIE_SECONDS);
  setCookie(c, name, token, { path: '/', maxAge, expires: new Date(Date.now() + maxAge * 1000), httpOnly: true, sameSite: 'Lax' });
}

export function clearCookie(c: Context, name: string) {
  deleteCookie(c, name, { path: '/', expires: new Date(0), httpOnly: true });
}

/** The session token of an `auth` cookie an answer sets (a login, a registration), if it sets one. */
export function openedSessionToken(headers: Headers): string | undefined {
  if (!headers.has('set-cookie')) return undefined;
  const cookie = headers.getSetCookie().find((line) => line.startsWith(`${AUTH_COOKIE}=`));
  const token = cookie?.slice(AUTH_COOKIE.length + 1).split(';', 1)[0];
  return token || undefined;
}
