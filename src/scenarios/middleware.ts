import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage } from 'node:http';
import { AUTH_COOKIE, readCookie } from '../auth/cookies.js';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { errorBody, json, JSON_TYPE } from '../http.js';
import type { ScenarioEngine } from './engine.js';
import { applyPipelineRule } from '../pipeline/scenario-rule.js';
import type { FaultKind, Rule } from './schema.js';

const API_PREFIX = '/api/1';

const statusText: Record<number, string> = {
  400: 'Bad Request', 401: 'Missing Credentials', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Applies the first matching scenario rule before the simulated API sees the request. */
export function scenarioMiddleware(engine: ScenarioEngine) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (engine.size === 0) return next();
    const rule = engine.take({
      method: c.req.method,
      path: c.req.path.slice(API_PREFIX.length),
      query: (name) => c.req.query(name),
      header: (name) => c.req.header(name),
      username: () => {
        const token = readCookie(c, AUTH_COOKIE);
        const session = token ? c.get('world').sessions.get(token) : undefined;
        return session ? c.get('world').users.get(session.userId)?.username : undefined;
      },
    });
    if (!rule) return next();
    if (rule.pipeline) applyPipelineRule(c.get('world'), rule.pipeline, readCookie(c, AUTH_COOKIE));
    if (rule.delayMs) await sleep(rule.delayMs);
    if (rule.fault) return fault(c, rule.fault);
    if (rule.response) return respond(c, rule.response);
    return next();
  });
}

function respond(c: Context, response: NonNullable<Rule['response']>): Response {
  for (const [name, value] of Object.entries(response.headers ?? {})) c.header(name, value);
  if (response.body !== undefined) return json(c, response.body, response.status);
  const message = response.message ?? statusText[response.status] ?? `HTTP ${response.status}`;
  return json(c, errorBody(new ApiError(response.status, message, response.wafCode)), response.status);
}

function fault(c: Context, kind: FaultKind): Response {
  if (kind === 'malformed-json') return c.body('{"error":{"message":"trunc', 200, { 'Content-Type': JSON_TYPE });
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) throw new ApiError(502, `fault ${kind} needs a real connection`);
  const socket = incoming.socket;
  if (kind === 'connection-reset' && 'resetAndDestroy' in socket) socket.resetAndDestroy();
  else socket.end();
  socket.destroy();
  return c.body(null, 200);
}
