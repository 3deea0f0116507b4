import * as z from 'zod';
import { isoNow } from '../../store/clock.js';
import { ApiError, messages, WAF_SIGNUPS_CLOSED } from '../../errors.js';
import type { Credentials } from '../../http/basic-auth.js';
import type { Session } from '../../store/sessions.js';
import { verifyTotpNow } from './totp.js';
import { viewOf } from '../../schema/view.js';
import { CurrentUserSchema, UserRecordSchema, type CurrentUser, type TutorialClear, type UserRecord } from '../../store/records/user.js';
import { newId } from '../../store/ids.js';
import { indexUserLogin, type Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { lazy } from '../../schema/lazy.js';
import { EmailSchema } from './email.js';
import { attemptsOf } from './attempts.js';
import { loginName, UsernameSchema } from './username.js';
import { findUser, signedIn, wornAvatar } from '../users/public.js';
import { sendEmailOtp, takeEmailOtp } from './email-otp.js';
import { LIMITS } from '../../limits.js';

const makeCurrentUser = viewOf('CurrentUser', CurrentUserSchema, {
  computed: ['currentAvatarImageUrl', 'currentAvatarThumbnailImageUrl', 'currentAvatarTags', 'presence'],
});

/** The CurrentUser a user sees of themselves: every public field, none of the server's secrets. */
export function currentUserView(sandbox: Sandbox, user: UserRecord): CurrentUser {
  const avatar = wornAvatar(sandbox, user);
  return makeCurrentUser(user, {
    ...avatar,
    presence: { ...user.presence, avatarImageUrl: avatar.currentAvatarImageUrl, avatarThumbnail: avatar.currentAvatarThumbnailImageUrl },
  });
}

export type TwoFactorMethod = 'totp' | 'otp' | 'emailOtp';

export function twoFactorMethods(user: UserRecord): TwoFactorMethod[] {
  return user.totpSecret ? ['totp', 'otp'] : user.emailOtp ? ['emailOtp'] : [];
}

/**
 * A credential login: a new session every time. A user with 2FA gets a session that is pending
 * until verified, unless the device presents a remembered twoFactorAuth token of the same user.
 */
export function login(sandbox: Sandbox, credentials: Credentials, rememberedDevice?: string): Session {
  const name = loginName(credentials.username);
  const userId = sandbox.userLogins.get(name);
  const user = userId ? sandbox.users.get(userId) : undefined;
  // Counted per account, whichever of its names was typed.
  const key = user ? { userId: user.id } : { unknownName: name };
  const attempts = attemptsOf(sandbox).login;
  attempts.check(key, messages.loginLockedOut);
  if (!user || user.password !== credentials.password) {
    attempts.fail(key);
    throw new ApiError(401, messages.missingCredentials);
  }
  attempts.succeed(key);
  const remembered = rememberedDevice !== undefined && sandbox.sessions.rememberedUser(rememberedDevice) === user.id;
  const session = sandbox.sessions.open(user.id, twoFactorMethods(user).length > 0 && !remembered);
  if (!session.pendingTwoFactor) recordLogin(sandbox, user);
  else if (!user.totpSecret) sendEmailOtp(sandbox, user);
  return session;
}

function recordLogin(sandbox: Sandbox, user: UserRecord) {
  const now = isoNow(sandbox.clock);
  user.last_login = now;
  user.last_activity = now;
  signedIn(sandbox, user);
}

/** Finishes a pending login with a TOTP code (`totp`) or a one-time recovery code (`otp`). */
export function verifySecondFactor(sandbox: Sandbox, session: Session, method: TwoFactorMethod, code: unknown): void {
  const user = findUser(sandbox, session.userId);
  const attempts = attemptsOf(sandbox).twoFactor;
  const key = { userId: user.id };
  attempts.check(key, messages.twoFactorLockedOut);
  if (typeof code !== 'string') throw new ApiError(400, messages.invalidTwoFactorCode);
  let ok = method === 'emailOtp' && takeEmailOtp(sandbox, user, code);
  if (!ok && !user.totpSecret) {
    attempts.fail(key);
    throw new ApiError(400, messages.invalidTwoFactorCode);
  }
  if (method === 'totp') ok = verifyTotpNow(user.totpSecret!, code, sandbox.clock.now());
  if (method === 'otp') {
    const index = user.recoveryCodes.indexOf(code.trim());
    if (index >= 0) {
      user.recoveryCodes.splice(index, 1);
      ok = true;
    }
  }
  if (!ok) {
    attempts.fail(key);
    throw new ApiError(400, messages.invalidTwoFactorCode);
  }
  attempts.succeed(key);
  if (session.pendingTwoFactor) {
    session.pendingTwoFactor = false;
    recordLogin(sandbox, user);
  }
}

export const RegisterRequestSchema = lazy(() =>
  z.object({
    username: UsernameSchema(),
    password: z.string().min(8),
    email: EmailSchema(),
    acceptedTOSVersion: z.number().int().min(0),
    captchaCode: z.string(),
    day: z.string(),
    month: z.string(),
    year: z.string(),
    subscribe: z.boolean(),
  }),
);

/** Accounts registered over the API, per world (a reset or restore makes a new world and starts again). */
const registered = new WeakMap<Sandbox, number>();

/** Creates an account; the caller logs it in. Duplicate names and emails are refused by field. */
export function register(sandbox: Sandbox, body: unknown): UserRecord {
  if (sandbox.settings.signups === 'closed') throw new ApiError(403, messages.signupsClosed, WAF_SIGNUPS_CLOSED);
  const count = registered.get(sandbox) ?? 0;
  if (count >= LIMITS.registrationsPerWorld.value)
    throw new ApiError(429, messages.tooManyRegistrations(LIMITS.registrationsPerWorld.value));
  const request = parseInput(RegisterRequestSchema, body);
  if (sandbox.userLogins.has(loginName(request.username))) throw new ApiError(400, messages.usernameTaken);
  if (sandbox.userLogins.has(loginName(request.email))) throw new ApiError(400, messages.emailTaken);
  const now = isoNow(sandbox.clock);
  const user = UserRecordSchema.parse({
    id: newId('usr'),
    username: request.username.toLowerCase(),
    displayName: request.username,
    password: request.password,
    email: request.email,
    obfuscatedEmail: obfuscate(request.email),
    acceptedTOSVersion: request.acceptedTOSVersion,
    unsubscribe: !request.subscribe,
    hasBirthday: Boolean(request.year && request.month && request.day),
    emailVerified: false,
    authToken: '',
    date_joined: now.slice(0, 10),
    last_login: now,
    last_activity: now,
    updated_at: now,
  });
  sandbox.users.set(user.id, user);
  indexUserLogin(sandbox.userLogins, user);
  registered.set(sandbox, count + 1);
  return user;
}

function obfuscate(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 2, 1))}${local.slice(-1)}@${domain}`;
}

const PLATFORMS = new Set(['standalonewindows', 'android', 'ios']);

/** Tutorial keys read `{platform}:{tutorial}:{version}`; those with a real platform are platform tutorials. */
const isPlatformTutorial = (key: string) => {
  const platform = key.split(':')[0] ?? '';
  return key.includes(':') && platform !== 'undefined' && platform !== '';
};

/**
 * Clears every tutorial completed on a platform (whatever the headers name) and keeps the others.
 * X-Platform is recorded only for the known platforms (null otherwise); X-Store as sent.
 */
export function clearTutorials(
  sandbox: Sandbox,
  actor: UserRecord,
  userId: string,
  headers: { platform?: string; store?: string },
): { user: UserRecord; record: TutorialClear } {
  if (userId !== actor.id) throw new ApiError(403, messages.clearTutorialsForbidden);
  const user = actor;
  user.completedTutorials = user.completedTutorials.filter((key) => !isPlatformTutorial(key));
  const record: TutorialClear = {
    platform: headers.platform && PLATFORMS.has(headers.platform) ? headers.platform : null,
    store: headers.store ?? null,
    clearedAt: isoNow(sandbox.clock),
  };
  user.updated_at = record.clearedAt;
  user.tutorialClears.push(record);
  return { user, record };
}

export function tutorialStatus(user: UserRecord) {
  return {
    completed: user.completedTutorials.length > 0,
    completedAnyTutorial: user.completedTutorials.length > 0,
    completedTutorials: [...user.completedTutorials],
    tutorialKey: user.completedTutorials[0] ?? 'undefined:undefined:v1',
  };
}
