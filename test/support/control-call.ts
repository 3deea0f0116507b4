import { replyOf, type Reply, type TestSandbox } from './helpers.js';

/** A control-plane request as the typed client sends it: JSON bodies with their content type. */
export async function control(
  t: TestSandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  return replyOf(await t.app.request(`/_mock${path}`, init));
}
