import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import type { UserRecord } from '../../store/records/user.js';
import { lazy } from '../../schema/lazy.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from './find-user.js';
import { announceUpdate } from './announce.js';
import { guardTags } from '../../store/growth.js';

/** system_ and admin_ tags are the server's: trust ranks, supporter status, moderation. */
export const isServerTag = (tag: string) => tag.startsWith('system_') || tag.startsWith('admin_');

/** Only an admin may name a server tag, in addTags, removeTags and PUT /users/{userId} alike. */
export function assertOwnTags(actor: UserRecord, tags: readonly string[]): void {
  if (actor.isAdmin) return;
  const reserved = tags.find(isServerTag);
  if (reserved !== undefined) throw new ApiError(400, messages.userTagReserved(reserved));
}

/** The tags after a profile edit sets `tags`: the server's tags the user holds stay, the user's own are replaced. */
export function editedTags(actor: UserRecord, user: UserRecord, tags: readonly string[]): string[] {
  assertOwnTags(actor, tags);
  const kept = user.tags.filter(isServerTag);
  return [...kept, ...tags.filter((tag, i) => !kept.includes(tag) && tags.indexOf(tag) === i)];
}

const ChangeTagsSchema = lazy(() => z.object({ tags: z.array(z.string().min(1)) }));

/**
 * Adds or removes tags of a user (own, or anyone's for an admin). Another user is refused before they are
 * looked up, so one who is not there is 403 too (live; the description lists no 404 here).
 */
export function changeUserTags(sandbox: Sandbox, actor: UserRecord, userId: string, body: unknown, change: 'add' | 'remove'): UserRecord {
  if (userId !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.userUpdateForbidden);
  const user = findUser(sandbox, userId);
  const { tags } = parseInput(ChangeTagsSchema, body);
  assertOwnTags(actor, tags);
  const changed =
    change === 'add' ? [...user.tags, ...tags.filter((tag) => !user.tags.includes(tag))] : user.tags.filter((tag) => !tags.includes(tag));
  if (change === 'add') guardTags(changed);
  user.tags = changed;
  user.updated_at = isoNow(sandbox.clock);
  announceUpdate(sandbox, user);
  return user;
}
