import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { isoNow } from '../../store/clock.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from '../authentication/public.js';
import { announceUpdate } from './announce.js';

const UpdateBadgeSchema = lazy(() => z.strictObject({ hidden: z.boolean().optional(), showcased: z.boolean().optional() }));

/** PUT /users/{userId}/badges/{badgeId}: the holder shows (showcased) or hides one of their own badges. */
export function updateBadge(sandbox: Sandbox, actor: UserRecord, userId: string, badgeId: string, body: unknown): void {
  const user = findUser(sandbox, userId);
  if (user.id !== actor.id) throw new ApiError(403, messages.instanceUserMustBeOwn);
  const change = parseInput(UpdateBadgeSchema, body);
  const badge = user.badges.find((b) => b.badgeId === badgeId);
  if (!badge) throw new ApiError(404, messages.badgeNotHeld(badgeId));
  if (change.hidden !== undefined) badge.hidden = change.hidden;
  if (change.showcased !== undefined) badge.showcased = change.showcased;
  badge.updatedAt = isoNow(sandbox.clock);
  announceUpdate(sandbox, user);
}
