import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import type { UserBadge } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from './find-user.js';

/** A badge the server gives: its id (a new one when left out) and what it shows; held neither showcased nor hidden unless said. */
export const AssignBadgeSchema = lazy(() =>
  z.strictObject({
    badgeId: idOf('bdg').optional(),
    badgeName: z.string().min(1),
    badgeDescription: z.string().optional(),
    badgeImageUrl: z.string().optional(),
    showcased: z.boolean().optional(),
    hidden: z.boolean().optional(),
  }),
);

/**
 * The server gives a user a badge (no operation of the API does; the control plane stands in for the
 * service's own reasons): the holder's sockets get `user-badge-assigned` with the badge as the
 * current user shows it.
 */
export function assignBadge(sandbox: Sandbox, userId: string, body: unknown): UserBadge {
  const user = findUser(sandbox, userId);
  const input = parseInput(AssignBadgeSchema, body);
  const badgeId = input.badgeId ?? newId('bdg');
  if (user.badges.some((b) => b.badgeId === badgeId)) throw new ApiError(400, messages.badgeAlreadyHeld(badgeId));
  const now = isoNow(sandbox.clock);
  const badge: UserBadge = {
    badgeId,
    badgeName: input.badgeName,
    badgeDescription: input.badgeDescription ?? '',
    badgeImageUrl: input.badgeImageUrl ?? '',
    assignedAt: now,
    updatedAt: now,
    hidden: input.hidden ?? false,
    showcased: input.showcased ?? false,
  };
  user.badges.push(badge);
  sandbox.pipeline.emit({ type: 'user-badge-assigned', to: [user.id], content: { badge } });
  return badge;
}

/** The server takes a badge back: gone from every view, and `user-badge-unassigned` to the holder's sockets. */
export function unassignBadge(sandbox: Sandbox, userId: string, badgeId: string): void {
  const user = findUser(sandbox, userId);
  const index = user.badges.findIndex((b) => b.badgeId === badgeId);
  if (index < 0) throw new ApiError(404, messages.badgeNotHeld(badgeId));
  user.badges.splice(index, 1);
  sandbox.pipeline.emit({ type: 'user-badge-unassigned', to: [user.id], content: { badgeId } });
}
