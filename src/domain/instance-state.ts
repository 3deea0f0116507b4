import type { InstanceRecord } from '../schemas/instances.js';
import type { UserRecord } from '../schemas/user.js';
import type { World } from '../store/world.js';

/** Closed once its closedAt has come; a close planned for later leaves it active until then. */
export const isClosed = (instance: InstanceRecord, now: number) =>
  instance.closedAt !== null && Date.parse(instance.closedAt) <= now;

/** The users in an instance now: none once a hard close has taken effect, since it sends everyone out. */
export function occupantsOf(world: World, instance: InstanceRecord): UserRecord[] {
  if (instance.hardClose && isClosed(instance, world.clock.now())) return [];
  const users: UserRecord[] = [];
  for (const userId of instance.userIds) {
    const user = world.users.get(userId);
    if (user) users.push(user);
  }
  return users;
}
