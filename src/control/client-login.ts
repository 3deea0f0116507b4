import type { CurrentUser, LoginOptions, Session } from './client-types.js';
import { answer, ControlError, reaching } from './control-error.js';

/** fetch against one sandbox: a path is taken below the API's URL, the sandbox's headers (and `extra`) are added. */
export function sandboxFetch(apiUrl: string, headers: Readonly<Record<string, string>>) {
  return (input: string | URL, init: RequestInit = {}, extra: Record<string, string> = {}): Promise<Response> => {
    const target = typeof input === 'string' && input.startsWith('/') ? `${apiUrl}${input}` : input;
    const merged = new Headers(init.headers);
    for (const [name, value] of Object.entries({ ...headers, ...extra })) merged.set(name, value);
    return reaching(target, globalThis.fetch(target, { ...init, headers: merged }));
  };
}

type SandboxFetch = ReturnType<typeof sandboxFetch>;

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(username)}:${encodeURIComponent(password)}`, 'utf8').toString('base64')}`;

/** `name=value` of each Set-Cookie the answer carries, for a Cookie header. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!.trim())
    .filter((pair) => !pair.endsWith('='));

/**
 * Logs in as an SDK does: Basic auth on `GET /auth/user`, then the second factor when the server asks
 * for one. Answers the session, its cookie and a fetch bound to both it and the sandbox.
 */
export async function login(fetchSandbox: SandboxFetch, username: string, password: string, options: LoginOptions = {}): Promise<Session> {
  const first = await fetchSandbox('/auth/user', {}, { authorization: basic(username, password) });
  const cookies = cookiesOf(first);
  const answered = (await answer(first, 'GET /api/1/auth/user')) as { requiresTwoFactorAuth?: string[] } & Partial<CurrentUser>;
  const methods = answered.requiresTwoFactorAuth ?? [];
  let user = answered as CurrentUser;
  if (methods.length > 0) {
    if (options.code === undefined) {
      throw new ControlError(
        first.status,
        answered,
        'GET /api/1/auth/user',
        `${username} needs a second factor (${methods.join(', ')}): pass { code } to login()`,
      );
    }
    const code = typeof options.code === 'string' ? options.code : await options.code(methods);
    const method = methods.includes('emailOtp') ? 'emailotp' : /^\d{6}$/.test(code.trim()) ? 'totp' : 'otp';
    const verify = `/auth/twofactorauth/${method}/verify`;
    const verified = await fetchSandbox(
      verify,
      { method: 'POST', body: JSON.stringify({ code }) },
      { cookie: cookies.join('; '), 'content-type': 'application/json' },
    );
    await answer(verified, `POST /api/1${verify}`);
    cookies.push(...cookiesOf(verified));
    user = (await answer(await fetchSandbox('/auth/user', {}, { cookie: cookies.join('; ') }), 'GET /api/1/auth/user')) as CurrentUser;
  }
  const cookie = cookies.join('; ');
  return { cookie, user, fetch: (input, init) => fetchSandbox(input, init, { cookie }) };
}
