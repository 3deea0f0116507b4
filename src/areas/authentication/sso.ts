import { createHmac } from 'node:crypto';
import { ApiError, messages } from '../../errors.js';
import { derivedId } from '../../store/ids.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

/** The third-party services the live service mints single-sign-on tokens for (the description's SsoProvider). */
export const SSO_PROVIDERS = ['canny', 'furality'] as const;

// The tokens are signed so a client can decode them as the provider would; the key is no secret of anyone's.
const SIGNING_KEY = 'mock-api sso';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * GET /sso/{provider}: a token that names the requester to the provider, a JSON Web Token (HS256) of the
 * user's id, name and email, issued now by the world's clock. Any other provider is refused (400).
 */
export function ssoToken(sandbox: Sandbox, actor: UserRecord, provider: string): { token: string } {
  if (!(SSO_PROVIDERS as readonly string[]).includes(provider)) throw new ApiError(400, messages.ssoProviderUnsupported);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = { aud: provider, id: actor.id, name: actor.displayName, email: actor.email, iat: Math.floor(sandbox.clock.now() / 1000) };
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', SIGNING_KEY).update(`${header}.${payload}`).digest('base64url');
  return { token: `${header}.${payload}.${signature}` };
}

/**
 * GET /oauth/redirectCode: the code that hands the current session to an OAuth redirect. It is the session's own,
 * made from its token, so asking again in one session answers the same code (a read changes nothing) and another
 * session gets another.
 */
export function oauthRedirectCode(sessionToken: string): { code: string } {
  return { code: derivedId('redirect', sessionToken) };
}
