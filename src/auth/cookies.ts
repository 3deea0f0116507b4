import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

export const AUTH_COOKIE = 'auth';
export const TWO_FACTOR_COOKIE = 'twoFactorAuth';

/** Reads one cookie without parsing the whole header into an object on the hot path. */
export function readCookie(c: Context, name: string): string | undefined {
  const header = c.req.header('cookie');
  if (!header || !header.includes(name)) return undefined;
  return getCookie(c, name);
}

/** The browser-facing expiry follows wall time; the session itself expires by the world's clock. */
export function setTokenCookie(c: Context, name: string, token: string, lifetimeSeconds: number) {
  const expires = new Date(Date.now() + lifetimeSeconds * 1000).toUTCString();
  c.header(
    'Set-Cookie',
    `${name}=${token}; Path=/; Max-Age=${lifetimeSeconds}; Expires=${expires}; HttpOnly; SameSite=Lax`,
    { append: true },
  );
}

export function clearCookie(c: Context, name: string) {
  c.header('Set-Cookie', `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly`, {
    append: true,
  });
}
