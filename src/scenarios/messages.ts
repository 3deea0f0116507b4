import { messages } from '../errors.js';
import { pathPattern } from '../http/path-pattern.js';

const statusTexts: Record<number, string> = {
  400: 'Bad Request', 401: 'Missing Credentials', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The message of a rule's error envelope when it gives none. */
export const statusText = (status: number) => statusTexts[status] ?? `HTTP ${status}`;

/** The real service's 429 messages where the API description or its clients name one. */
const endpointLimits = [
  { method: 'PUT', path: pathPattern('/message/:userId/:messageType/:slot'), message: messages.inviteMessageCooldown(60) },
  { method: 'DELETE', path: pathPattern('/message/:userId/:messageType/:slot'), message: messages.inviteMessageCooldown(60) },
  { method: 'GET', path: pathPattern('/auth/user'), message: messages.tooManySessionsCreated },
];

export function rateLimitMessage(method: string, path: string): string {
  const known = endpointLimits.find((limit) => limit.method === method && limit.path.testAllowingSlash(path));
  return known?.message ?? statusText(429);
}
