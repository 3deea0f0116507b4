import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { pageParams } from '../../schema/query.js';
import type { LimitedUserFriend } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { areFriends, limitedFriendView } from './views.js';

const ActiveQuerySchema = lazy(() =>
  z.object({
    search: z.string(),
    developerType: z.enum(['none', 'trusted', 'internal', 'moderator']).optional(),
    ...pageParams(),
  }),
);

/**
 * GET /users/active: an admin's search of the users who are not offline, by display name (case-insensitive).
 * The live service has withdrawn it from everyone else: a user who is no admin gets the 404 of a path of no
 * operation (the conformance suite's search-active-users), not the description's 403.
 */
export function searchActiveUsers(sandbox: Sandbox, viewer: UserRecord, query: Record<string, string>): LimitedUserFriend[] {
  if (!viewer.isAdmin) throw new ApiError(404, messages.notFound);
  const q = parseInput(ActiveQuerySchema, query);
  const needle = q.search.toLowerCase();
  return [...sandbox.users.values()]
    .filter((user) => user.state !== 'offline' && user.displayName.toLowerCase().includes(needle))
    .filter((user) => !q.developerType || user.developerType === q.developerType)
    .slice(q.offset, q.offset + q.n)
    .map((user) => ({ ...limitedFriendView(sandbox, viewer, user), isFriend: areFriends(viewer, user) }));
}
