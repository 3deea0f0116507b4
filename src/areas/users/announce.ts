import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';
import { currentUserView } from '../authentication/public.js';
import { userView } from './views.js';

/** user-update to the user, friend-update to each friend. */
export function announceUpdate(world: World, user: UserRecord): void {
  world.pipeline.emit({ type: 'user-update', to: [user.id], content: { userId: user.id, user: currentUserView(world, user) } });
  const friendIds = user.friends.filter((id) => world.users.has(id));
  if (friendIds.length === 0) return;
  const friend = world.users.get(friendIds[0]!)!;
  world.pipeline.emit({ type: 'friend-update', to: friendIds, content: { userId: user.id, user: userView(world, friend, user) } });
}
