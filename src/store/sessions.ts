import { randomUUID } from 'node:crypto';
import type { Clock } from './clock.js';
import { ApiError, messages } from '../errors.js';
import type { SandboxSettings } from './records/settings.js';
import { LIMITS } from '../limits.js';

export interface Session {
  readonly token: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** A session opened by a password alone for a user with 2FA: good only for the verify calls. */
  pendingTwoFactor: boolean;
}

export interface Sessions {
  /** Opens a session, or refuses with 429 while the user holds as many live sessions as allowed. */
  open(userId: string, pendingTwoFactor: boolean): Session;
  /** The live session for a token, or undefined when unknown, closed or expired. */
  get(token: string): Session | undefined;
  close(token: string): void;
  liveCount(userId: string): number;
  /** A token that lets a device skip the second factor on later logins (the twoFactorAuth cookie). */
  rememberDevice(userId: string): { token: string; expiresAt: number };
  rememberedUser(token: string): string | undefined;
}

/** `onClose` hears each token a logout ends, so the sockets opened with it can close at once. */
export function createSessions(clock: Clock, settings: SandboxSettings, onClose?: (token: string) => void): Sessions {
  const byToken = new Map<string, Session>();
  const byUser = new Map<string, Set<string>>();
  const devices = new Map<string, { userId: string; expiresAt: number }>();

  function liveTokens(userId: string): Set<string> {
    const tokens = byUser.get(userId) ?? new Set<string>();
    const now = clock.now();
    for (const token of tokens) {
      const session = byToken.get(token);
      if (!session || session.expiresAt <= now) {
        tokens.delete(token);
        byToken.delete(token);
      }
    }
    byUser.set(userId, tokens);
    return tokens;
  }

  return {
    open(userId, pendingTwoFactor) {
      const tokens = liveTokens(userId);
      if (tokens.size >= settings.sessionLimit) throw new ApiError(429, messages.tooManySessions);
      const now = clock.now();
      const session: Session = {
        token: `authcookie_${randomUUID()}`,
        userId,
        createdAt: now,
        expiresAt: now + settings.sessionTtlMinutes * 60_000,
        pendingTwoFactor,
      };
      byToken.set(session.token, session);
      tokens.add(session.token);
      return session;
    },
    get(token) {
      const session = byToken.get(token);
      if (!session) return undefined;
      if (session.expiresAt > clock.now()) return session;
      byToken.delete(token);
      byUser.get(session.userId)?.delete(token);
      return undefined;
    },
    close(token) {
      const session = byToken.get(token);
      if (!session) return;
      byToken.delete(token);
      byUser.get(session.userId)?.delete(token);
      onClose?.(token);
    },
    liveCount: (userId) => liveTokens(userId).size,
    rememberDevice(userId) {
      forgetStaleDevices(devices, userId, clock.now());
      const entry = { userId, expiresAt: clock.now() + settings.twoFactorTtlDays * 86_400_000 };
      const token = `twofactorauth_${randomUUID()}`;
      devices.set(token, entry);
      return { token, expiresAt: entry.expiresAt };
    },
    rememberedUser(token) {
      const entry = devices.get(token);
      if (!entry || entry.expiresAt <= clock.now()) return undefined;
      return entry.userId;
    },
  };
}

const MAX_DEVICES_PER_USER = LIMITS.rememberedDevicesPerUser.value;

/** Forgets expired devices, and the user's oldest past the cap: each verify remembers one more. */
function forgetStaleDevices(devices: Map<string, { userId: string; expiresAt: number }>, userId: string, now: number) {
  const mine: string[] = [];
  for (const [token, entry] of devices) {
    if (entry.expiresAt <= now) devices.delete(token);
    else if (entry.userId === userId) mine.push(token);
  }
  for (const token of mine.slice(0, Math.max(0, mine.length - MAX_DEVICES_PER_USER + 1))) devices.delete(token);
}
