import { ApiError } from '../../errors.js';
import type { World } from '../../store/world.js';

interface Failures {
  count: number;
  /** World time of the first failure of the current window. */
  since: number;
  lockedUntil: number;
}

/** Keys kept before expired ones are swept: failures for made-up usernames must not grow without end. */
const MAX_KEYS = 10_000;

/**
 * Failed attempts per key (a username, a user's second factor) on the world's clock: past
 * `maxFailures` within the lock-out time the key is locked for that time, and even the right
 * password or code is refused with 429, as the real service does. A success clears the count.
 * Check and record happen in the caller's one synchronous step, so parallel guesses cannot slip past.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly world: World,
    private readonly kind: 'login' | 'twoFactor',
  ) {}

  private get windowMs() {
    return this.world.settings.lockoutMinutes * 60_000;
  }

  private get maxFailures() {
    return this.kind === 'login' ? this.world.settings.loginAttempts : this.world.settings.twoFactorAttempts;
  }

  /** Throws the 429 while `key` is locked out. */
  check(key: string, message: (minutes: number) => string): void {
    const entry = this.failures.get(key);
    const now = this.world.clock.now();
    if (entry && entry.lockedUntil > now) throw new ApiError(429, message(Math.ceil((entry.lockedUntil - now) / 60_000)));
  }

  fail(key: string): void {
    const now = this.world.clock.now();
    let entry = this.failures.get(key);
    if (!entry || now - entry.since >= this.windowMs) {
      this.sweep(now);
      entry = { count: 0, since: now, lockedUntil: 0 };
      this.failures.set(key, entry);
    }
    entry.count++;
    if (entry.count >= this.maxFailures) entry.lockedUntil = now + this.windowMs;
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private sweep(now: number) {
    if (this.failures.size < MAX_KEYS) return;
    for (const [key, entry] of this.failures) if (now - entry.since >= this.windowMs && entry.lockedUntil <= now) this.failures.delete(key);
    // Still full of live entries: the oldest go, as a flood of made-up names would otherwise stay.
    for (const key of this.failures.keys()) {
      if (this.failures.size < MAX_KEYS) break;
      this.failures.delete(key);
    }
  }
}

const limiters = new WeakMap<World, { login: AttemptLimiter; twoFactor: AttemptLimiter }>();

/** The world's limiters; a reset or restore makes a new world and so starts them afresh. */
export function attemptsOf(world: World) {
  let found = limiters.get(world);
  if (!found) limiters.set(world, (found = { login: new AttemptLimiter(world, 'login'), twoFactor: new AttemptLimiter(world, 'twoFactor') }));
  return found;
}
