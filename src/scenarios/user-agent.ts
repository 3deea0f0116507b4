import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/env.js';
import { ApiError, messages, WAF_MISSING_USER_AGENT } from '../errors.js';
import { requestHeader } from '../http/helpers.js';

/**
 * User-Agents that name an HTTP library or a code generator's default rather than an application:
 * what a client sends when its author never set one.
 */
const PLACEHOLDER = new RegExp(
  '^(?:' +
    [
      'node', 'node-fetch', 'undici', 'axios', 'got', 'ky', 'python-requests', 'python-urllib', 'python-httpx',
      'aiohttp', 'go-http-client', 'okhttp', 'java', 'dart', 'curl', 'wget', 'postmanruntime', 'insomnia',
      'swagger-codegen', 'openapi-generator', 'restsharp', 'unknown', 'test', 'example', 'myapp',
      'user-agent', 'useragent', 'null', 'undefined', 'string',
    ].join('|') +
    ')(?:[/\\s(;]|$)',
  'i',
);

export const isPlaceholderUserAgent = (value: string | undefined) => !value || value.trim() === '' || PLACEHOLDER.test(value.trim());

/**
 * With the sandbox's `userAgent: "strict"`, the service's firewall refuses a missing or placeholder
 * User-Agent with 403 and waf_code 13799, before anything else looks at the request.
 */
export const requireUserAgent = createMiddleware<AppEnv>((c, next) => {
  if (c.get('sandbox').settings.userAgent !== 'strict') return next();
  if (isPlaceholderUserAgent(requestHeader(c, 'user-agent'))) throw new ApiError(403, messages.userAgentRequired, WAF_MISSING_USER_AGENT);
  return next();
});
