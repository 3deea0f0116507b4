import { state } from './state.js';

/** The control token the page was opened with (`/_mock/?token=...`), sent with every call. */
export const token = new URLSearchParams(location.search).get('token');

export class ControlFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Calls the control plane for the chosen sandbox; a refusal throws with the envelope's message. */
export async function control<Answer>(method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (state.sandboxId) headers['X-Mock-World'] = state.sandboxId;
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const response = await fetch(`/_mock${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the text itself is the answer.
  }
  if (!response.ok) throw new ControlFailure(errorMessage(parsed) ?? response.statusText, response.status);
  return parsed as Answer;
}

function errorMessage(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || !('error' in answer)) return undefined;
  const { error } = answer;
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
