import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';

const AvatarModerationSchema = lazy(() => z.object({ targetAvatarId: idOf('avtr'), avatarModerationType: z.enum(['block']) }));

export function listAvatarModerations(sandbox: Sandbox, actor: UserRecord) {
  return [...sandbox.avatarModerations.values()]
    .filter((r) => r.userId === actor.id)
    .map(({ avatarModerationType, created, targetAvatarId }) => ({ avatarModerationType, created, targetAvatarId }));
}

/** Blocks an avatar for the requester; answered with `created` in epoch ms, as the real API does. */
export function createAvatarModeration(sandbox: Sandbox, actor: UserRecord, body: unknown) {
  const request = parseInput(AvatarModerationSchema, body);
  if (!sandbox.avatars.get(request.targetAvatarId)) throw new ApiError(404, messages.avatarNotFound);
  const key = `${actor.id}/${request.targetAvatarId}`;
  const created = sandbox.clock.now();
  const record = sandbox.avatarModerations.get(key) ?? { userId: actor.id, ...request, created: new Date(created).toISOString() };
  sandbox.avatarModerations.set(key, record);
  return { avatarModerationType: record.avatarModerationType, targetAvatarId: record.targetAvatarId, created: Date.parse(record.created) };
}

export function deleteAvatarModeration(sandbox: Sandbox, actor: UserRecord, query: Record<string, string>) {
  const request = parseInput(AvatarModerationSchema, query);
  sandbox.avatarModerations.delete(`${actor.id}/${request.targetAvatarId}`);
  return { OK: 'Avatar moderation removed' };
}
