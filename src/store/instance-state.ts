import type { InstanceRecord } from './records/instances.js';
import type { UserRecord } from './records/user.js';
import type { Sandbox } from './sandbox.js';
import type { TimeSpan } from './read-cache.js';

/** Closed once its closedAt has come; a close planned for later leaves it active until then. */
export const isClosed = (instance: InstanceRecord, now: number) => instance.closedAt !== null && Date.parse(instance.closedAt) <= now;

/** The users in an instance now: none once a hard close has taken effect, since it sends everyone out. */
export function occupantsOf(sandbox: Sandbox, instance: InstanceRecord): UserRecord[] {
  if (instance.hardClose && isClosed(instance, sandbox.clock.now())) return [];
  const users: UserRecord[] = [];
  for (const userId of instance.userIds) {
    const user = sandbox.users.get(userId);
    if (user) users.push(user);
  }
  return users;
}

/**
 * The span of sandbox time around `now` in which none of `instances` closes: an answer built from them
 * (and the clock) holds throughout it.
 */
export function spanWithoutCloses(instances: readonly InstanceRecord[], now: number): TimeSpan {
  const span = { from: -Infinity, until: Infinity };
  for (const instance of instances) {
    if (instance.closedAt === null) continue;
    const closesAt = Date.parse(instance.closedAt);
    if (closesAt <= now) span.from = Math.max(span.from, closesAt);
    else span.until = Math.min(span.until, closesAt);
  }
  return span;
}
