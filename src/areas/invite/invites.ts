import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import type { InviteMessageType } from '../../store/records/invite-messages.js';
import type { NotificationRecord } from '../../store/records/notifications.js';
import type { UserRecord } from '../../store/records/user.js';
import { inviteMessageSlots } from '../../store/indexes/invite-messages.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findInstance } from '../instances/public.js';
import { findOwnNotification, sendNotification } from '../notifications/public.js';
import { areFriends } from '../users/public.js';

const slot = () => z.number().int().min(0).max(11);
const InviteSchema = lazy(() => z.object({ instanceId: z.string().min(1), messageSlot: slot().optional() }));
const RequestInviteSchema = lazy(() => z.object({ requestSlot: slot().optional() }));
const ResponseSchema = lazy(() => z.object({ responseSlot: z.number().int() }));

/** The other user, who must be a friend of the requester. */
function friendOf(sandbox: Sandbox, actor: UserRecord, userId: string): UserRecord {
  const user = sandbox.users.get(userId);
  if (!user) throw new ApiError(404, messages.userDoesntExist);
  if (user.id !== actor.id && !areFriends(actor, user)) throw new ApiError(403, messages.inviteMustBeFriends);
  return user;
}

const messageIn = (sandbox: Sandbox, userId: string, type: InviteMessageType, at: number) => {
  const entry = inviteMessageSlots(sandbox, userId, type)[at];
  if (!entry) throw new ApiError(400, messages.inviteMessageSlotEmpty);
  return entry.message;
};

/** Extra details a photo variant adds: the URL of the stored image. */
export interface Photo {
  imageUrl: string;
}

function inviteTo(sandbox: Sandbox, sender: UserRecord, receiverId: string, location: string, messageSlot?: number, photo?: Photo) {
  const instance = findInstance(sandbox, location);
  const worldName = sandbox.worlds.get(instance.worldId)?.name ?? instance.worldId;
  const details: Record<string, unknown> = { worldId: instance.id, worldName, ...photo };
  if (messageSlot !== undefined) details.inviteMessage = messageIn(sandbox, sender.id, 'message', messageSlot);
  return sendNotification(sandbox, {
    type: 'invite',
    sender,
    receiverId,
    message: `This is a generated invite to ${worldName}`,
    details,
  });
}

/** Invites a friend to an instance (`instanceId` is the location); `messageSlot` adds that invite message. */
export function inviteUser(sandbox: Sandbox, actor: UserRecord, userId: string, body: unknown, photo?: Photo): NotificationRecord {
  const receiver = friendOf(sandbox, actor, userId);
  const request = parseInput(InviteSchema, body);
  return inviteTo(sandbox, actor, receiver.id, request.instanceId, request.messageSlot, photo);
}

/** Asks a friend for an invite; `requestSlot` adds that request message. */
export function requestInvite(sandbox: Sandbox, actor: UserRecord, userId: string, body: unknown, photo?: Photo): NotificationRecord {
  const receiver = friendOf(sandbox, actor, userId);
  const request = parseInput(RequestInviteSchema, body);
  const details: Record<string, unknown> = { platform: actor.last_platform, ...photo };
  if (request.requestSlot !== undefined) details.requestMessage = messageIn(sandbox, actor.id, 'request', request.requestSlot);
  return sendNotification(sandbox, { type: 'requestInvite', sender: actor, receiverId: receiver.id, details });
}

const answered = (sandbox: Sandbox, original: NotificationRecord) =>
  (sandbox.notificationsByReceiver.get(original.senderUserId) ?? []).some(
    (r) =>
      r.senderUserId === original.receiverUserId &&
      (r.type === 'inviteResponse' || r.type === 'requestInviteResponse') &&
      (JSON.parse(r.details) as { inResponseTo?: string }).inResponseTo === original.id,
  );

/**
 * Answers an invite (`inviteResponse`) or an invite request (`requestInviteResponse`) with the
 * message of `responseSlot`; once per notification.
 */
export function respondToInvite(
  sandbox: Sandbox,
  actor: UserRecord,
  notificationId: string,
  body: unknown,
  photo?: Photo,
): NotificationRecord {
  const original = findOwnNotification(sandbox, actor, notificationId);
  const { responseSlot } = parseInput(ResponseSchema, body);
  if (original.senderUserId === actor.id) throw new ApiError(400, messages.inviteOwnResponse);
  if (responseSlot < 0 || responseSlot > 11) throw new ApiError(400, messages.inviteResponseSlotOutOfBounds);
  if (original.type !== 'invite' && original.type !== 'requestInvite') throw new ApiError(400, messages.notificationCannotRespond);
  if (answered(sandbox, original)) throw new ApiError(400, messages.inviteAlreadyResponded);
  const invite = original.type === 'invite';
  const text = messageIn(sandbox, actor.id, invite ? 'response' : 'requestResponse', responseSlot);
  const response = sendNotification(sandbox, {
    type: invite ? 'inviteResponse' : 'requestInviteResponse',
    sender: actor,
    receiverId: original.senderUserId,
    details: { inResponseTo: original.id, [invite ? 'responseMessage' : 'requestMessage']: text, ...photo },
  });
  sandbox.pipeline.emit({
    type: 'response-notification',
    to: [original.senderUserId],
    content: { notificationId: original.id, receiverId: actor.id, responseId: response.id },
  });
  return response;
}

/**
 * Sends the requester an invite to an instance, and nothing else: only the game client joins an
 * instance (a test puts someone there with the control plane's presence move).
 */
export function inviteMyself(sandbox: Sandbox, actor: UserRecord, location: string): NotificationRecord {
  return inviteTo(sandbox, actor, actor.id, location);
}
