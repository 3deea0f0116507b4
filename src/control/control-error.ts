/** The control plane's (or the API's) answer to anything but a success, as an exception. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
    /** What went wrong, when the answer's envelope does not say it. */
    problem?: string,
  ) {
    const message = problem ?? (body as { error?: { message?: string } } | null | undefined)?.error?.message;
    super(`${what} answered ${status}${message ? `: ${message}` : ''}`);
    this.name = 'ControlError';
  }
}

/** The answer's JSON (its text when it is not JSON); a ControlError for anything but a success. */
export async function answer(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text as it came.
  }
  if (!response.ok) throw new ControlError(response.status, body, what);
  return body;
}

/**
 * Why the connection failed, when `error` is fetch's sign of one (refused, no such host, reset: a TypeError
 * "fetch failed" whose cause has the code); undefined for any other error, an abort included.
 */
export function connectionFailure(error: unknown): string | undefined {
  if (!(error instanceof TypeError) || error.message !== 'fetch failed') return undefined;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}

/** A server that did not answer at all, named by its URL and the cause, where fetch says only "fetch failed". */
export class ServerUnreachable extends Error {
  constructor(
    readonly url: string,
    why: string,
    failure: unknown,
  ) {
    super(`cannot reach mock-api at ${url}: ${why}`, { cause: failure });
    this.name = 'ServerUnreachable';
  }
}

/** The answer `sending` brings; a failed connection as a ServerUnreachable naming the origin of `target`. */
export async function reaching(target: string | URL, sending: Promise<Response>): Promise<Response> {
  try {
    return await sending;
  } catch (error) {
    const why = connectionFailure(error);
    throw why === undefined ? error : new ServerUnreachable(new URL(target).origin, why, error);
  }
}
