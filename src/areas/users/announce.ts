import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { currentUserView } from '../authentication/public.js';
import { userView } from './views.js';

/** user-update to the user, friend-update to each friend. */
export function announceUpdate(sandbox: Sandbox, user: UserRecord): void {
  sandbox.pipeline.emit({ type: 'user-update', to: [user.id], content: { userId: user.id, user: currentUserView(sandbox, user) } });
  const friendIds = user.friends.filter((id) => sandbox.users.has(id));
  if (friendIds.length === 0) return;
  const friend = sandbox.users.get(friendIds[0]!)!;
  sandbox.pipeline.emit({ type: 'friend-update', to: friendIds, content: { userId: user.id, user: userView(sandbox, friend, user) } });
}
