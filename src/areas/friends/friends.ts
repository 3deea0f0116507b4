import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import type { NotificationRecord } from '../../store/records/notifications.js';
import type { LimitedUserFriend } from '../../store/records/people.js';
import { pageParams, queryBool } from '../../schema/query.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';
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
export function listFriends(world: World, actor: UserRecord, query: unknown): LimitedUserFriend[] {
  const q = parseInput(FriendListQuerySchema, query);
  const page: LimitedUserFriend[] = [];
  let skipped = 0;
  for (const id of actor.friends) {
    if (page.length >= q.n) break;
    const friend = world.users.get(id);
    if (!friend || (friend.state === 'offline') !== q.offline) continue;
    if (skipped < q.offset) skipped++;
    else page.push(limitedFriendView(world, actor, friend));
  }
  return page;
}

export function friendStatus(world: World, actor: UserRecord, userId: string) {
  return {
    isFriend: actor.id !== userId && actor.friends.includes(userId),
    outgoingRequest: pendingRequest(world, actor.id, userId) !== undefined,
    incomingRequest: pendingRequest(world, userId, actor.id) !== undefined,
  };
}

function targetOf(world: World, userId: string): UserRecord {
  const user = world.users.get(userId);
  if (!user) throw new ApiError(404, messages.userDoesntExist);
  return user;
}

/**
 * Sends a friend request (a `friendRequest` notification to the other user). To someone who has
 * already asked the requester, it accepts theirs instead, as the real API does.
 */
export function sendFriendRequest(world: World, actor: UserRecord, userId: string): NotificationRecord {
  const target = targetOf(world, userId);
  if (target.id === actor.id) throw new ApiError(400, messages.friendRequestToSelf);
  if (areFriends(actor, target)) throw new ApiError(400, messages.alreadyFriends);
  if (blockedBetween(world, actor.id, target.id)) throw new ApiError(400, messages.friendRequestBlocked);
  if (pendingRequest(world, actor.id, target.id)) throw new ApiError(400, messages.friendRequestAlreadySent);
  const incoming = pendingRequest(world, target.id, actor.id);
  if (incoming) {
    befriend(world, incoming, actor, target);
    return incoming;
  }
  return sendNotification(world, { type: 'friendRequest', sender: actor, receiverId: target.id });
}

/** Withdraws the requester's open request to that user. */
export function withdrawFriendRequest(world: World, actor: UserRecord, userId: string): void {
  const request = pendingRequest(world, actor.id, userId);
  if (!request) throw new ApiError(404, messages.friendRequestNotFound);
  dropNotification(world, request);
  world.pipeline.emit({ type: 'hide-notification', to: [userId], content: request.id });
}

/** Accepts a friend request the requester received: both become friends and the request goes. */
export function acceptFriendRequest(world: World, actor: UserRecord, notificationId: string): void {
  let request: NotificationRecord;
  try {
    request = findOwnNotification(world, actor, notificationId);
  } catch {
    throw new ApiError(404, messages.friendRequestNotFound);
  }
  if (request.type !== 'friendRequest') throw new ApiError(404, messages.friendRequestNotFound);
  const sender = targetOf(world, request.senderUserId);
  befriend(world, request, actor, sender);
}

function befriend(world: World, request: NotificationRecord, receiver: UserRecord, sender: UserRecord): void {
  dropNotification(world, request);
  linkFriends(receiver, sender);
  world.pipeline.emit({ type: 'friend-add', to: [receiver.id], content: { userId: sender.id, user: userView(world, receiver, sender) } });
  world.pipeline.emit({ type: 'friend-add', to: [sender.id], content: { userId: receiver.id, user: userView(world, sender, receiver) } });
}

/** Ends a friendship both ways; each side's friend favorite of the other goes with it, as the real API does. */
export function unfriend(world: World, actor: UserRecord, userId: string): void {
  const other = world.users.get(userId);
  if (!other || other.id === actor.id || !areFriends(actor, other)) throw new ApiError(400, messages.notFriends);
  unfileFriend(actor, other.id);
  unfileFriend(other, actor.id);
  removeFavoritesWhere(world, actor.id, (favorite) => favorite.type === 'friend' && favorite.favoriteId === other.id);
  removeFavoritesWhere(world, other.id, (favorite) => favorite.type === 'friend' && favorite.favoriteId === actor.id);
  world.pipeline.emit({ type: 'friend-delete', to: [actor.id], content: { userId: other.id } });
  world.pipeline.emit({ type: 'friend-delete', to: [other.id], content: { userId: actor.id } });
}

const BoopSchema = lazy(() =>
  z.object({
    emojiId: z.string().min(1).optional(),
    emojiVersion: z.number().int().optional(),
    inventoryItemId: z.string().min(1).optional(),
  }),
);

/** A boop to a friend: a `boop` notification naming the emoji or inventory item. */
export function boop(world: World, actor: UserRecord, userId: string, body: unknown): NotificationRecord {
  const target = targetOf(world, userId);
  if (!areFriends(actor, target) || target.id === actor.id) throw new ApiError(400, messages.notFriends);
  const request = parseInput(BoopSchema, body);
  const details = request.inventoryItemId
    ? { inventoryItemId: request.inventoryItemId }
    : { emojiId: request.emojiId ?? 'default', emojiVersion: request.emojiVersion };
  return sendNotification(world, { type: 'boop', sender: actor, receiverId: target.id, details });
}
