import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { requestHeader } from './helpers.js';

/** The cookie a login sets: the token of the session (`sandbox.sessions`). */
export const AUTH_COOKIE = 'auth';
/** The cookie that lets a device skip the second factor on later logins. */
export const TWO_FACTOR_COOKIE = 'twoFactorAuth';

/** The cookie spec's cap on a cookie's lifetime (RFC 6265bis), past which Hono's helper refuses to write one. */
const MAX_COOKIE_SECONDS = 400 * 86_400;

/** Reads one cookie without parsing the whole header into an object on the hot path. */
export function readCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  if (!header || !header.includes(name)) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
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
