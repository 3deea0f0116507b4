import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { isoNow } from '../../store/clock.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from './find-user.js';
import { announceUpdate } from './announce.js';

const UpdateBadgeSchema = lazy(() => z.strictObject({ hidden: z.boolean().optional(), showcased: z.boolean().optional() }));

/**
 * PUT /users/{userId}/badges/{badgeId}: the holder shows (showcased) or hides one of their own badges.
 * Another user's id is refused before it is looked up, so a user who does not exist is a 403 too, as the
 * live service answers (conformance: update-badge-not-found).
 */
export function updateBadge(sandbox: Sandbox, actor: UserRecord, userId: string, badgeId: string, body: unknown): void {
  if (userId !== actor.id) throw new ApiError(403, messages.instanceUserMustBeOwn);
  const user = findUser(sandbox, userId);
  const change = parseInput(UpdateBadgeSchema, body);
  const badge = user.badges.find((b) => b.badgeId === badgeId);
  if (!badge) throw new ApiError(404, messages.badgeNotHeld(badgeId));
  if (change.hidden !== undefined) badge.hidden = change.hidden;
  if (change.showcased !== undefined) badge.showcased = change.showcased;
  badge.updatedAt = isoNow(sandbox.clock);
  announceUpdate(sandbox, user);
}
