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
