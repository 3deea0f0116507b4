import type { Context } from 'hono';
import { ApiError, messages } from './errors.js';

/** Reads a JSON object body; a malformed or non-object body is a 400 envelope, an empty one is {}. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, messages.malformedJson);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(400, messages.bodyNotObject);
  }
  return parsed as Record<string, unknown>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response with the content type every real-API client expects. */
export function json(c: Context, body: unknown, status = 200): Response {
  return c.body(JSON.stringify(body), status as 200, { 'Content-Type': JSON_TYPE });
}

export function errorBody(error: ApiError) {
  const body: { message: string; status_code: number; waf_code?: number } = {
    message: error.message,
    status_code: error.status,
  };
  if (error.wafCode !== undefined) body.waf_code = error.wafCode;
  return { error: body };
}

export const success = (message: string) => ({ success: { message, status_code: 200 } });
