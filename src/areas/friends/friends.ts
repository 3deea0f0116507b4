import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import type { NotificationRecord } from '../../store/records/notifications.js';
import type { LimitedUserFriend } from '../../store/records/people.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { linkFriends, unfileFriend } from '../../store/indexes/friend-buckets.js';
import { blockedBetween } from '../playermoderation/public.js';
import { dropNotification, findOwnNotification, sendNotification } from '../notifications/public.js';
import { removeFavoritesWhere } from '../favorites/public.js';
import { areFriends, limitedFriendView, pendingRequest, userView } from '../users/public.js';

const FriendListQuerySchema = lazy(() => z.object({ ...pageParams(), offline: queryBool().default(false) }));

/**
 * One page of the requester's friends: with `offline=false` those online or active, with
 * `offline=true` the offline ones, each in the order the friendships were made (oldest first).
 * Walks only the requester's own friend list, never the world's users.
 */
export function listFriends(sandbox: Sandbox, actor: UserRecord, query: unknown): LimitedUserFriend[] {
  const q = parseInput(FriendListQuerySchema, query);
  const page: LimitedUserFriend[] = [];
  let skipped = 0;
  for (const id of actor.friends) {
    if (page.length >= q.n) break;
    const friend = sandbox.users.get(id);
    if (!friend || (friend.state === 'offline') !== q.offline) continue;
    if (skipped < q.offset) skipped++;
    else page.push(limitedFriendView(sandbox, actor, friend));
  }
  return page;
}

export function friendStatus(sandbox: Sandbox, actor: UserRecord, userId: string) {
  return {
    isFriend: actor.id !== userId && actor.friends.includes(userId),
    outgoingRequest: pendingRequest(sandbox, actor.id, userId) !== undefined,
    incomingRequest: pendingRequest(sandbox, userId, actor.id) !== undefined,
  };
}

function targetOf(sandbox: Sandbox, userId: string): UserRecord {
  const user = sandbox.users.get(userId);
  if (!user) throw new ApiError(404, messages.userDoesntExist);
  return user;
}

/**
 * Sends a friend request (a `friendRequest` notification to the other user). To someone who has
 * already asked the requester, it accepts theirs instead, as the real API does.
 */
export function sendFriendRequest(sandbox: Sandbox, actor: UserRecord, userId: string): NotificationRecord {
  const target = targetOf(sandbox, userId);
  if (target.id === actor.id) throw new ApiError(400, messages.friendRequestToSelf);
  if (areFriends(actor, target)) throw new ApiError(400, messages.alreadyFriends);
  if (blockedBetween(sandbox, actor.id, target.id)) throw new ApiError(400, messages.friendRequestBlocked);
  if (pendingRequest(sandbox, actor.id, target.id)) throw new ApiError(400, messages.friendRequestAlreadySent);
  const incoming = pendingRequest(sandbox, target.id, actor.id);
  if (incoming) {
    befriend(sandbox, incoming, actor, target);
    return incoming;
  }
  return sendNotification(sandbox, { type: 'friendRequest', sender: actor, receiverId: target.id });
}

/**
 * Withdraws the requester's open request to that user. With none open (or no such user) there is nothing
 * to withdraw, and the live service answers the same success (conformance: delete-friend-request-not-found).
 */
export function withdrawFriendRequest(sandbox: Sandbox, actor: UserRecord, userId: string): void {
  const request = pendingRequest(sandbox, actor.id, userId);
  if (!request) return;
  dropNotification(sandbox, request);
  sandbox.pipeline.emit({ type: 'hide-notification', to: [userId], content: request.id });
}

/** Accepts a friend request the requester received: both become friends and the request goes. */
export function acceptFriendRequest(sandbox: Sandbox, actor: UserRecord, notificationId: string): void {
  let request: NotificationRecord;
  try {
    request = findOwnNotification(sandbox, actor, notificationId);
  } catch {
    throw new ApiError(404, messages.friendRequestNotFound);
  }
  if (request.type !== 'friendRequest') throw new ApiError(404, messages.friendRequestNotFound);
  const sender = targetOf(sandbox, request.senderUserId);
  befriend(sandbox, request, actor, sender);
}

function befriend(sandbox: Sandbox, request: NotificationRecord, receiver: UserRecord, sender: UserRecord): void {
  dropNotification(sandbox, request);
  linkFriends(receiver, sender);
  sandbox.pipeline.emit({
    type: 'friend-add',
    to: [receiver.id],
    content: { userId: sender.id, user: userView(sandbox, receiver, sender) },
  });
  sandbox.pipeline.emit({
    type: 'friend-add',
    to: [sender.id],
    content: { userId: receiver.id, user: userView(sandbox, sender, receiver) },
  });
}

/** Ends a friendship both ways; each side's friend favorite of the other goes with it, as the real API does. */
export function unfriend(sandbox: Sandbox, actor: UserRecord, userId: string): void {
  const other = sandbox.users.get(userId);
  if (!other || other.id === actor.id || !areFriends(actor, other)) throw new ApiError(400, messages.notFriends);
  unfileFriend(actor, other.id);
  unfileFriend(other, actor.id);
  removeFavoritesWhere(sandbox, actor.id, (favorite) => favorite.type === 'friend' && favorite.favoriteId === other.id);
  removeFavoritesWhere(sandbox, other.id, (favorite) => favorite.type === 'friend' && favorite.favoriteId === actor.id);
  sandbox.pipeline.emit({ type: 'friend-delete', to: [actor.id], content: { userId: other.id } });
  sandbox.pipeline.emit({ type: 'friend-delete', to: [other.id], content: { userId: actor.id } });
}

const BoopSchema = lazy(() =>
  z.object({
    emojiId: z.string().min(1).optional(),
    emojiVersion: z.number().int().optional(),
    inventoryItemId: z.string().min(1).optional(),
  }),
);

/**
 * A boop to a friend: a `boop` notification naming the emoji or inventory item. A user who does not exist
 * is no friend either: 400 as for any non-friend, as the live service answers (conformance: boop-not-found).
 */
export function boop(sandbox: Sandbox, actor: UserRecord, userId: string, body: unknown): NotificationRecord {
  const target = sandbox.users.get(userId);
  if (!target || !areFriends(actor, target) || target.id === actor.id) throw new ApiError(400, messages.notFriends);
  const request = parseInput(BoopSchema, body);
  const details = request.inventoryItemId
    ? { inventoryItemId: request.inventoryItemId }
    : { emojiId: request.emojiId ?? 'default', emojiVersion: request.emojiVersion };
  return sendNotification(sandbox, { type: 'boop', sender: actor, receiverId: target.id, details });
}
