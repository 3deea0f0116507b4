import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeBasic } from '../http/basic-auth.js';
import { namedSession, sessionToken } from '../http/session.js';
import type { AppEnv } from '../http/env.js';
import { ApiError } from '../errors.js';
import { API_PREFIX, errorBody, json, nodeRequest, requestedSandboxId, requestHeader, requestText } from '../http/helpers.js';
import { DEFAULT_SANDBOX, type Outcome, type RequestFacts, type ScenarioEngine } from './engine.js';
import { dribble, loseAnswer } from './faults.js';
import { rateLimitMessage, statusText } from './messages.js';
import type { FaultKind, RuleResponse } from './schema.js';
import { applyPipelineRule } from './pipeline-rule.js';

/** Which rule answered a request and, for a fault, the status line it sent (0: none): for the journal. */
export interface AnsweredBy {
  scenario: string;
  rule: number;
  fault?: FaultKind;
  sent?: number;
}

const answered = new WeakMap<object, AnsweredBy>();
export const answeredBy = (c: Context): AnsweredBy | undefined => answered.get(c);

/** Applies the first matching scenario rule of the request's sandbox before the simulated API sees it. */
export function scenarioMiddleware(engine: ScenarioEngine) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const sandboxId = requestedSandboxId(c);
    const key = sandboxId ?? DEFAULT_SANDBOX;
    if (!engine.active(key)) return next();
    const path = c.req.path.slice(API_PREFIX.length);
    const reads = c.req.method === 'GET' || c.req.method === 'HEAD';
    const now = c.get('sandbox').clock.now();
    const body = !reads && engine.needsBody(key, now) ? parseLoosely(await requestText(c)) : undefined;
    const facts = new ScenarioRequest(c, path, sandboxId, body);
    const outcome = engine.take(facts, key, now);
    if (!outcome) return next();
    answered.set(c, { scenario: outcome.scenario, rule: outcome.index, fault: outcome.fault });
    if (outcome.pipeline) applyPipelineRule(c.get('sandbox'), outcome.pipeline, facts.session());
    return apply(c, next, outcome, path);
  });
}

/**
 * What rules match on, each fact worked out once per request however many rules ask. A class rather
 * than an object of closures: nothing is allocated per fact on a request's way.
 */
class ScenarioRequest implements RequestFacts {
  readonly method: string;
  private queries: Record<string, string> | undefined;
  private token: string | undefined | null = null;
  private user: string | undefined | null = null;
  private userKey: string | undefined;

  constructor(
    private readonly c: Context<AppEnv>,
    readonly path: string,
    readonly sandboxId: string | undefined,
    readonly body: unknown,
  ) {
    this.method = c.req.method;
  }

  query(name: string) {
    const queries = (this.queries ??= this.c.req.query());
    return Object.hasOwn(queries, name) ? queries[name] : undefined;
  }

  header(name: string) {
    return requestHeader(this.c, name);
  }

  session() {
    if (this.token === null) this.token = sessionToken(this.c);
    return this.token;
  }

  /** The session's user; without a session, the username a Basic-auth login names (a login is that user's operation too). */
  username() {
    if (this.user !== null) return this.user;
    const session = namedSession(this.c, this.session());
    const loggedIn = session ? this.c.get('sandbox').users.get(session.userId)?.username : undefined;
    return (this.user = loggedIn ?? decodeBasic(this.header('authorization'))?.username);
  }

  /**
   * Whose budget the request spends: the logged-in (or logging-in) user, one login, an address, or
   * everyone's. Worked out once per kind: every rate limit of the sandbox asks.
   */
  budgetKey(per: string): string {
    if (per === 'global') return '';
    if (per === 'session') return this.session() ?? this.address();
    if (per === 'ip') return this.address();
    if (this.userKey === undefined) {
      const user = this.username();
      this.userKey = user ? `user:${user.toLowerCase()}` : this.address();
    }
    return this.userKey;
  }

  private address() {
    return `ip:${nodeRequest(this.c)?.socket.remoteAddress ?? 'local'}`;
  }
}

async function apply(c: Context, next: Next, outcome: Outcome, path: string): Promise<Response | void> {
  const { fault, response, delayMs } = outcome;
  if (outcome.rateLimited) {
    const retry = outcome.rateLimited.retryAfterSeconds;
    if (retry !== undefined) c.header('Retry-After', String(retry));
    return respond(c, response ?? { status: 429, message: rateLimitMessage(c.req.method, path) });
  }
  if (fault === 'slow-body') {
    const whole = response ? respond(c, response) : (await next(), c.res);
    const slow = await dribble(whole, delayMs ?? 1000);
    // Hono copies the old answer's headers onto a new one (Content-Length too): start from none.
    c.res = undefined;
    c.res = slow;
    return;
  }
  if (delayMs && fault !== 'hang') await sleep(delayMs);
  if (fault) {
    if (outcome.passThrough) await next();
    const lost = await loseAnswer(c, fault, delayMs);
    answered.get(c)!.sent = lost.sent;
    c.res = undefined;
    c.res = lost.response;
    return;
  }
  if (response && outcome.passThrough) {
    await next();
    // The real answer is lost, its headers (a login's Set-Cookie) with it.
    c.res = undefined;
    c.res = respond(c, response);
    return;
  }
  if (response) return respond(c, response);
  return next();
}

function respond(c: Context, response: RuleResponse): Response {
  const message = response.message ?? statusText(response.status);
  const body = response.body !== undefined ? response.body : errorBody(new ApiError(response.status, message, response.wafCode));
  const answer = json(c, body, response.status);
  for (const [name, value] of Object.entries(response.headers ?? {})) answer.headers.set(name, value);
  return answer;
}

/** Rules match bodies that are not JSON too: they are simply not objects. */
function parseLoosely(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
