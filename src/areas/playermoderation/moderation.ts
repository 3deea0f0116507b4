import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { idOf } from '../../schema/common.js';
import { PlayerModerationType, type PlayerModerationRecord } from '../../store/records/people.js';
import type { UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';

/** Whether `sourceId` has blocked `targetId`. */
export function isBlockedBy(sandbox: Sandbox, sourceId: string, targetId: string): boolean {
  if (sourceId === targetId) return false;
  for (const record of sandbox.playerModerations.values()) {
    if (record.type === 'block' && record.sourceUserId === sourceId && record.targetUserId === targetId) return true;
  }
  return false;
}

/** Either has blocked the other. */
export const blockedBetween = (sandbox: Sandbox, a: string, b: string) => isBlockedBy(sandbox, a, b) || isBlockedBy(sandbox, b, a);

export function playerModerationView(sandbox: Sandbox, record: PlayerModerationRecord) {
  const name = (id: string) => sandbox.users.get(id)?.displayName || id;
  return {
    id: record.id,
    type: record.type,
    sourceUserId: record.sourceUserId,
    sourceDisplayName: name(record.sourceUserId),
    targetUserId: record.targetUserId,
    targetDisplayName: name(record.targetUserId),
    created: record.created,
  };
}

const ModerateSchema = lazy(() => z.strictObject({ moderated: idOf('usr'), type: PlayerModerationType }));

/** Opposite kinds replace each other: a mute undoes an unmute and the other way round. */
const OPPOSITE: Partial<Record<PlayerModerationRecord['type'], PlayerModerationRecord['type']>> = {
  mute: 'unmute',
  unmute: 'mute',
  muteChat: 'unmuteChat',
  unmuteChat: 'muteChat',
  hideAvatar: 'showAvatar',
  showAvatar: 'hideAvatar',
  interactOff: 'interactOn',
  interactOn: 'interactOff',
};

/** Records a moderation of another user; the same kind twice is the one record. */
export function moderateUser(sandbox: Sandbox, actor: UserRecord, body: unknown): PlayerModerationRecord {
  const request = parseInput(ModerateSchema, body);
  const target = sandbox.users.get(request.moderated);
  if (!target) throw new ApiError(404, messages.userDoesntExist);
  const opposite = OPPOSITE[request.type];
  for (const [id, record] of sandbox.playerModerations) {
    if (record.sourceUserId !== actor.id || record.targetUserId !== target.id) continue;
    if (record.type === request.type) return record;
    if (record.type === opposite) sandbox.playerModerations.delete(id);
  }
  const record: PlayerModerationRecord = {
    id: newId('pmod'),
    type: request.type,
    sourceUserId: actor.id,
    targetUserId: target.id,
    created: isoNow(sandbox.clock),
  };
  sandbox.playerModerations.set(record.id, record);
  return record;
}

/** Removes the requester's moderations of that kind of that user; the message says which. */
export function unmoderateUser(sandbox: Sandbox, actor: UserRecord, body: unknown): string {
  const request = parseInput(ModerateSchema, body);
  for (const [id, record] of sandbox.playerModerations) {
    if (record.sourceUserId === actor.id && record.targetUserId === request.moderated && record.type === request.type) {
      sandbox.playerModerations.delete(id);
    }
  }
  return `PlayerModerations of type ${request.type} removed`;
}

export function listPlayerModerations(sandbox: Sandbox, actor: UserRecord, query: Record<string, string>): PlayerModerationRecord[] {
  const type = query.type === undefined ? undefined : parseInput(z.object({ type: PlayerModerationType }), query).type;
  return [...sandbox.playerModerations.values()].filter(
    (r) =>
      r.sourceUserId === actor.id &&
      (type === undefined || r.type === type) &&
      (query.targetUserId === undefined || r.targetUserId === query.targetUserId),
  );
}

export function clearPlayerModerations(sandbox: Sandbox, actor: UserRecord): void {
  for (const [id, record] of sandbox.playerModerations) if (record.sourceUserId === actor.id) sandbox.playerModerations.delete(id);
}
