import type { UserRecord } from '../records/user.js';

/** Each generated user befriends the users this many places on in the generated list (and so those as many back). */
const RING_STEPS = [1, 7] as const;

/**
 * A plausible social graph for generated users without drawing from the seeded faker (so every other
 * generated record stays as it was): a ring lattice, each user a friend of the users 1 and 7 places
 * either side, 4 friends each; one in ten is on the website (`active`). Who is in game follows from the
 * generated instances when the sandbox is built.
 */
export function linkGeneratedFriends(users: UserRecord[], from: number): void {
  const count = users.length - from;
  if (count < 3) return;
  for (let i = 0; i < count; i++) {
    const user = users[from + i]!;
    const friends: string[] = [];
    for (const step of RING_STEPS) {
      if (step * 2 >= count) continue;
      friends.push(users[from + ((i + step) % count)]!.id, users[from + ((i - step + count) % count)]!.id);
    }
    user.friends = friends;
    if (i % 10 === 3) {
      user.state = 'active';
      user.location = 'offline';
      user.platform = 'web';
    }
  }
}
