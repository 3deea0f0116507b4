import { ApiError } from '../../errors.js';
import type { Sandbox } from '../../store/sandbox.js';
import { LIMITS } from '../../limits.js';

interface Failures {
  count: number;
  /** World time of the first failure of the current window. */
  since: number;
  lockedUntil: number;
}

/**
 * Names that belong to no account kept at most: failures for made-up names must not grow without
 * end, and live in their own table so a flood of them never pushes a real account's lock-out out.
 */
const MAX_UNKNOWN_NAMES = LIMITS.unknownLoginNames.value;

/** Whose failures: an account (by user id, however it was named) or a name no account has. */
export type AttemptKey = { userId: string } | { unknownName: string };

/**
 * Failed attempts per account on the world's clock: past `maxFailures` within the lock-out time the
 * account is locked for that time, and even the right password or code is refused with 429, as the
 * real service does, whether it is named by username or email. A success clears the count. Check
 * and record happen in the caller's one synchronous step, so parallel guesses cannot slip past.
 */
export class AttemptLimiter {
  /** One entry per account that failed: bounded by the accounts the world holds. */
  private readonly accounts = new Map<string, Failures>();
  private readonly unknownNames = new Map<string, Failures>();

  constructor(
    private readonly sandbox: Sandbox,
    private readonly kind: 'login' | 'twoFactor',
  ) {}

  private get windowMs() {
    return this.sandbox.settings.lockoutMinutes * 60_000;
  }

  private get maxFailures() {
    return this.kind === 'login' ? this.sandbox.settings.loginAttempts : this.sandbox.settings.twoFactorAttempts;
  }

  private tableOf(key: AttemptKey): [Map<string, Failures>, string] {
    return 'userId' in key ? [this.accounts, key.userId] : [this.unknownNames, key.unknownName];
  }

  /** Throws the 429 while `key` is locked out. */
  check(key: AttemptKey, message: (minutes: number) => string): void {
    const [table, name] = this.tableOf(key);
    const entry = table.get(name);
    const now = this.sandbox.clock.now();
    if (entry && entry.lockedUntil > now) throw new ApiError(429, message(Math.ceil((entry.lockedUntil - now) / 60_000)));
  }

  fail(key: AttemptKey): void {
    const [table, name] = this.tableOf(key);
    const now = this.sandbox.clock.now();
    let entry = table.get(name);
    if (!entry || now - entry.since >= this.windowMs) {
      table.delete(name);
      if (table === this.unknownNames) this.sweepUnknownNames(now);
      entry = { count: 0, since: now, lockedUntil: 0 };
      table.set(name, entry);
    }
    entry.count++;
    if (entry.count >= this.maxFailures) entry.lockedUntil = now + this.windowMs;
  }

  succeed(key: AttemptKey): void {
    const [table, name] = this.tableOf(key);
    table.delete(name);
  }

  /**
   * Made-up names are kept in the order their window started (see `fail`): the expired and, past the
   * bound, the oldest go from the front, so a flood costs each request a constant amount of work.
   */
  private sweepUnknownNames(now: number) {
    const table = this.unknownNames;
    for (const [key, entry] of table) {
      const expired = now - entry.since >= this.windowMs && entry.lockedUntil <= now;
      if (!expired && table.size < MAX_UNKNOWN_NAMES) break;
      table.delete(key);
    }
  }
}

const limiters = new WeakMap<Sandbox, { login: AttemptLimiter; twoFactor: AttemptLimiter }>();

/** The world's limiters; a reset or restore makes a new world and so starts them afresh. */
export function attemptsOf(sandbox: Sandbox) {
  let found = limiters.get(sandbox);
  if (!found)
    limiters.set(sandbox, (found = { login: new AttemptLimiter(sandbox, 'login'), twoFactor: new AttemptLimiter(sandbox, 'twoFactor') }));
  return found;
}
