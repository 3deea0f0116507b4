export interface Credentials {
  username: string;
  password: string;
}

/**
 * Reads `Authorization: Basic base64(urlencode(username):urlencode(password))`.
 * Splits at the first colon (an encoded password cannot contain a raw one) and decodes each half.
 * Anything malformed is simply "no credentials".
 */
export function decodeBasic(header: string | undefined): Credentials | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return {
      username: decodeURIComponent(decoded.slice(0, colon)),
      password: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return undefined;
  }
}

export function encodeBasic(username: string, password: string): string {
  const raw = `${encodeURIComponent(username)}:${encodeURIComponent(password)}`;
  return `Basic ${Buffer.from(raw, 'utf8').toString('base64')}`;
}
