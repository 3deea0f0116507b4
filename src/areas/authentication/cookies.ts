import type { Context } from 'hono';
import { requestHeader } from '../../http/helpers.js';

export const AUTH_COOKIE = 'auth';
export const TWO_FACTOR_COOKIE = 'twoFactorAuth';

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

/** The browser-facing expiry follows wall time; the session itself expires by the world's clock. */
export function setTokenCookie(c: Context, name: string, token: string, lifetimeSeconds: number) {
  const expires = new Date(Date.now() + lifetimeSeconds * 1000).toUTCString();
  c.header('Set-Cookie', `${name}=${token}; Path=/; Max-Age=${lifetimeSeconds}; Expires=${expires}; HttpOnly; SameSite=Lax`, {
    append: true,
  });
}

export function clearCookie(c: Context, name: string) {
  c.header('Set-Cookie', `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly`, {
    append: true,
  });
}
