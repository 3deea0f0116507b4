import { randomBytes, randomInt } from 'node:crypto';
import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages } from '../../errors.js';
import { verifyTotpNow } from './totp.js';
import { normalizeEmail } from './email.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { findUser } from '../users/public.js';

/** Every email the world sent, newest first. */
export const outbox = (sandbox: Sandbox) => [...sandbox.outbox].reverse();

const ExistsSchema = lazy(() =>
  z.object({
    username: z.string().optional(),
    email: z.string().optional(),
    displayName: z.string().optional(),
    excludeUserId: z.string().optional(),
  }),
);

/** Whether a username, email or display name is taken (by anyone but `excludeUserId`). */
export function userExists(sandbox: Sandbox, query: unknown) {
  const q = parseInput(ExistsSchema, query);
  if (!q.username && !q.email && !q.displayName) throw new ApiError(400, messages.userExistsMissingParameter);
  const taken = (id: string | undefined) => id !== undefined && id !== q.excludeUserId;
  let exists = false;
  if (q.username) exists ||= taken(sandbox.userLogins.get(q.username.toLowerCase()));
  if (q.email) exists ||= taken(sandbox.userLogins.get(normalizeEmail(q.email)));
  if (q.displayName) {
    const name = q.displayName.toLowerCase();
    for (const user of sandbox.users.values()) {
      if (user.displayName.toLowerCase() === name && taken(user.id)) exists = true;
      if (exists) break;
    }
  }
  const nameOk = q.username === undefined || /^[A-Za-z0-9_-]{4,15}$/.test(q.username);
  return { userExists: exists, nameOk };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Starts TOTP setup: a new secret the user proves with one code before it counts. */
export function startTotpSetup(sandbox: Sandbox, user: UserRecord) {
  if (user.totpSecret) throw new ApiError(400, messages.twoFactorAlreadyEnabled);
  const secret = [...randomBytes(32)].map((b) => BASE32[b % 32]).join('');
  user.pendingTotpSecret = secret;
  const uri = `otpauth://totp/mock-api:${encodeURIComponent(user.username)}?secret=${secret}&issuer=mock-api`;
  return { secret, qrCodeDataUrl: `data:text/plain;base64,${Buffer.from(uri).toString('base64')}` };
}

/** TwoFactorAuthCode: the code the authenticator app shows. */
const TotpCodeSchema = lazy(() => z.object({ code: z.string() }));

export function verifyTotpSetup(sandbox: Sandbox, user: UserRecord, body: unknown) {
  const { code } = parseInput(TotpCodeSchema, body);
  const secret = user.pendingTotpSecret;
  if (!secret) throw new ApiError(400, messages.twoFactorNotPending);
  if (!verifyTotpNow(secret, code, sandbox.clock.now())) {
    throw new ApiError(400, messages.invalidTwoFactorCode);
  }
  delete user.pendingTotpSecret;
  user.totpSecret = secret;
  user.twoFactorAuthEnabled = true;
  user.twoFactorAuthEnabledDate = isoNow(sandbox.clock);
  user.recoveryCodes = Array.from({ length: 8 }, () => `${randomInt(1000, 10000)}-${randomInt(1000, 10000)}`);
  return { verified: true, enabled: true };
}

export function cancelTotpSetup(user: UserRecord) {
  const removed = user.pendingTotpSecret !== undefined;
  delete user.pendingTotpSecret;
  return { removed };
}

export function disableTwoFactor(user: UserRecord) {
  const removed = user.totpSecret !== undefined;
  delete user.totpSecret;
  user.twoFactorAuthEnabled = false;
  user.twoFactorAuthEnabledDate = null;
  user.recoveryCodes = [];
  delete user.pendingTotpSecret;
  return { removed };
}

export const recoveryCodes = (user: UserRecord) => ({
  otp: user.recoveryCodes.map((code) => ({ code, used: false })),
  requiresTwoFactorAuth: user.totpSecret ? ['totp', 'otp'] : [],
});

/** Schedules the account's deletion (the real API keeps it for a grace period). */
export function scheduleDeletion(sandbox: Sandbox, actor: UserRecord, userId: string): UserRecord {
  const user = findUser(sandbox, userId);
  if (user.id !== actor.id && !actor.isAdmin) throw new ApiError(403, messages.userUpdateForbidden);
  const now = sandbox.clock.now();
  const at = new Date(now + 14 * 86_400_000).toISOString();
  // The description types accountDeletionDate as a date, without the time.
  user.accountDeletionDate = at.slice(0, 10);
  user.accountDeletionLog = [
    ...user.accountDeletionLog,
    { dateTime: new Date(now).toISOString(), deletionScheduled: at, message: 'Account deletion scheduled' },
  ];
  return user;
}
