import type { UserRecord } from '../records/user.js';

/** One frozen empty list for every empty bucket: a large sandbox has many. */
const NONE = Object.freeze([]) as unknown as string[];

type Bucket = 'onlineFriends' | 'activeFriends' | 'offlineFriends';
const BUCKETS: readonly Bucket[] = ['onlineFriends', 'activeFriends', 'offlineFriends'];

const bucketOf = (user: UserRecord): Bucket =>
  user.state === 'online' ? 'onlineFriends' : user.state === 'active' ? 'activeFriends' : 'offlineFriends';

// Arrays are replaced, never changed in place: generated users share frozen empty ones.
const without = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : list);

/**
 * `list` with `id` put in, in the order of `friends`: the order fileAllFriends gives when a saved sandbox
 * is loaded, so a friend's state changes read back in the same order after a reload.
 */
function withFriend(list: string[], id: string, friends: string[]): string[] {
  const after = new Set(friends.slice(friends.indexOf(id) + 1));
  const at = friends.includes(id) ? list.findIndex((x) => after.has(x)) : -1;
  return at < 0 ? [...list, id] : [...list.slice(0, at), id, ...list.slice(at)];
}

/** Puts `friend` in the one bucket of `holder` (onlineFriends, activeFriends, offlineFriends) its state says. */
export function fileFriend(holder: UserRecord, friend: UserRecord): void {
  const target = bucketOf(friend);
  for (const bucket of BUCKETS) {
    if (bucket === target) {
      if (!holder[bucket].includes(friend.id)) holder[bucket] = withFriend(holder[bucket], friend.id, holder.friends);
    } else holder[bucket] = without(holder[bucket], friend.id);
  }
}

export function unfileFriend(holder: UserRecord, friendId: string): void {
  holder.friends = without(holder.friends, friendId);
  for (const bucket of BUCKETS) holder[bucket] = without(holder[bucket], friendId);
}

/** Makes two users friends both ways, each filed by the other's state. */
export function linkFriends(a: UserRecord, b: UserRecord): void {
  if (!a.friends.includes(b.id)) a.friends = [...a.friends, b.id];
  if (!b.friends.includes(a.id)) b.friends = [...b.friends, a.id];
  fileFriend(a, b);
  fileFriend(b, a);
}

/**
 * Fills every user's three buckets from `friends` and the friends' states, dropping ids of users that
 * do not exist. Run once when a sandbox is built: fixtures and generation only list `friends`.
 */
export function fileAllFriends(users: Map<string, UserRecord>): void {
  for (const user of users.values()) {
    if (user.friends.length === 0) continue;
    const online: string[] = [];
    const active: string[] = [];
    const offline: string[] = [];
    for (const id of user.friends) {
      const friend = users.get(id);
      if (!friend) continue;
      (friend.state === 'online' ? online : friend.state === 'active' ? active : offline).push(id);
    }
    // A bucket holding every friend is the friends list itself (never changed in place, so safe to share).
    const whole = (bucket: string[]) => (bucket.length === 0 ? NONE : bucket.length === user.friends.length ? user.friends : bucket);
    user.onlineFriends = whole(online);
    user.activeFriends = whole(active);
    user.offlineFriends = whole(offline);
  }
}
