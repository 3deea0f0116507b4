import { avatarIds, ids } from '../helpers.js';
import { registrationBody } from '../registration.js';
import { totp } from '../../../src/areas/authentication/totp.js';
import type { Actor, WorldApi, WriteCase } from './case.js';

/** Carol's authenticator secret in the default world. */
const CAROL_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** Carol's login finished with her authenticator's code (her first use logs her in, pending). */
async function carolVerified(api: WorldApi) {
  await api.send({
    as: 'carol',
    method: 'POST',
    path: '/auth/twofactorauth/totp/verify',
    body: { code: totp(CAROL_TOTP_SECRET, Date.now()) },
  });
}

/** The code of the newest one-time login email to `userId` in the world's outbox. */
async function emailedLoginCode(api: WorldApi, userId: string): Promise<string> {
  const outbox = (await api.get('/_mock/outbox')).body as { userId?: string; subject?: string; code?: string }[] | undefined;
  const email = Array.isArray(outbox) ? outbox.find((e) => e.userId === userId && e.subject === 'Your one-time login code') : undefined;
  return email?.code ?? 'missing';
}

/**
 * No GET shows a pending authenticator setup: a code no authenticator makes is refused as invalid
 * while one is pending, and as "nothing pending" when none is.
 */
const pendingSetupOfFrank = {
  as: 'frank',
  method: 'POST',
  path: '/auth/twofactorauth/totp/pending/verify',
  body: { code: 'not-a-code' },
} as const;

const blockAvatar = (avatarId: string) => ({ targetAvatarId: avatarId, avatarModerationType: 'block' });

const reportOf = (contentId: string) => ({
  type: 'user',
  category: 'profile',
  reason: 'spam',
  contentId,
  description: 'posts the same link everywhere',
});

/** The reads that show a user's moderation reports: their list and their feedback page. */
const reportReads = (as: Actor, userId: string) => [
  { as, path: '/moderationReports' },
  { as, path: `/users/${userId}/feedback` },
];

export const cases: WriteCase[] = [
  {
    operation: 'POST /auth/register',
    label: 'a newcomer registers an account',
    prepare: async () => ({
      write: { method: 'POST', path: '/auth/register', body: registrationBody({ username: 'newcomer', email: 'newcomer@example.test' }) },
      reads: [{ path: '/auth/exists?username=newcomer' }, { path: '/users?search=newcomer' }],
    }),
  },
  {
    operation: 'POST /auth/twofactorauth/totp/verify',
    label: "carol finishes her login with her authenticator's code",
    prepare: async (api) => {
      await api.cookie('carol');
      return {
        write: {
          as: 'carol',
          method: 'POST',
          path: '/auth/twofactorauth/totp/verify',
          body: { code: totp(CAROL_TOTP_SECRET, Date.now()) },
        },
        reads: [{ as: 'carol', path: '/auth/user' }],
      };
    },
  },
  {
    operation: 'POST /auth/twofactorauth/otp/verify',
    label: 'carol finishes her login with a recovery code, which is then used up',
    prepare: async (api) => {
      await api.cookie('carol');
      return {
        write: { as: 'carol', method: 'POST', path: '/auth/twofactorauth/otp/verify', body: { code: '1111-2222' } },
        reads: [{ as: 'carol', path: '/auth/user/twofactorauth/otp' }],
      };
    },
  },
  {
    operation: 'POST /auth/twofactorauth/emailotp/verify',
    label: 'dana finishes her login with the code she was emailed',
    prepare: async (api) => {
      await api.cookie('dana');
      const code = await emailedLoginCode(api, ids.dana);
      return {
        write: { as: 'dana', method: 'POST', path: '/auth/twofactorauth/emailotp/verify', body: { code } },
        // Not read as dana: each fresh login of hers emails a new code, which the outbox would show.
        reads: [{ path: `/users/${ids.dana}` }],
      };
    },
  },
  {
    operation: 'DELETE /auth/twofactorauth',
    label: 'carol turns two-factor authentication off',
    prepare: async (api) => {
      await carolVerified(api);
      return {
        write: { as: 'carol', method: 'DELETE', path: '/auth/twofactorauth' },
        reads: [
          { as: 'carol', path: '/auth/user' },
          { as: 'carol', path: '/auth/user/twofactorauth/otp' },
        ],
      };
    },
  },
  {
    operation: 'POST /auth/twofactorauth/totp/pending',
    label: 'frank starts setting up an authenticator',
    prepare: async () => ({
      write: { as: 'frank', method: 'POST', path: '/auth/twofactorauth/totp/pending' },
      reads: [pendingSetupOfFrank],
    }),
  },
  {
    operation: 'DELETE /auth/twofactorauth/totp/pending',
    label: 'frank gives up setting up an authenticator',
    prepare: async (api) => {
      await api.send({ as: 'frank', method: 'POST', path: '/auth/twofactorauth/totp/pending' });
      return { write: { as: 'frank', method: 'DELETE', path: '/auth/twofactorauth/totp/pending' }, reads: [pendingSetupOfFrank] };
    },
  },
  {
    operation: 'POST /auth/twofactorauth/totp/pending/verify',
    label: 'frank finishes setting up his authenticator with its first code',
    prepare: async (api) => {
      const pending = await api.send({ as: 'frank', method: 'POST', path: '/auth/twofactorauth/totp/pending' });
      const secret = (pending.body as { secret?: string } | undefined)?.secret ?? '';
      const now = Date.parse((await api.get('/_mock/clock')).body?.now ?? '');
      const code = secret && Number.isFinite(now) ? totp(secret, now) : 'missing';
      return {
        write: { as: 'frank', method: 'POST', path: '/auth/twofactorauth/totp/pending/verify', body: { code } },
        // Fresh logins of frank are then pending his second factor: what a kept world answers.
        reads: [
          { as: 'frank', path: '/auth/user' },
          { as: 'frank', path: '/auth/user/twofactorauth/otp' },
        ],
      };
    },
  },
  {
    operation: 'POST /auth/user/avatarmoderations',
    label: 'alice blocks an avatar',
    prepare: async () => ({
      write: { method: 'POST', path: '/auth/user/avatarmoderations', body: blockAvatar(avatarIds.neonRobot) },
      reads: [{ path: '/auth/user/avatarmoderations' }],
    }),
  },
  {
    operation: 'DELETE /auth/user/avatarmoderations',
    label: 'alice unblocks an avatar she blocked',
    prepare: async (api) => {
      await api.send({ method: 'POST', path: '/auth/user/avatarmoderations', body: blockAvatar(avatarIds.questCat) });
      return {
        write: {
          method: 'DELETE',
          path: `/auth/user/avatarmoderations?targetAvatarId=${avatarIds.questCat}&avatarModerationType=block`,
        },
        reads: [{ path: '/auth/user/avatarmoderations' }],
      };
    },
  },
  {
    operation: 'POST /auth/user/resendEmail',
    label: 'eve asks for another email confirmation',
    prepare: async () => ({
      write: { as: 'eve', method: 'POST', path: '/auth/user/resendEmail' },
      reads: [{ path: '/_mock/outbox' }],
    }),
  },
  {
    operation: 'PUT /logout',
    label: 'frank logs out of his only session and goes offline',
    prepare: async (api) => {
      await api.cookie('frank');
      return {
        write: { as: 'frank', method: 'PUT', path: '/logout' },
        reads: [{ path: `/users/${ids.frank}` }, { as: 'bob', path: `/users/${ids.frank}` }],
      };
    },
  },
  {
    operation: 'POST /moderationReports',
    label: 'alice reports a user',
    prepare: async () => ({
      write: { method: 'POST', path: '/moderationReports', body: reportOf(ids.eve) },
      reads: reportReads('alice', ids.alice),
    }),
  },
  {
    operation: 'DELETE /moderationReports/{moderationReportId}',
    label: 'bob withdraws a report he made',
    prepare: async (api) => {
      const made = await api.send({ as: 'bob', method: 'POST', path: '/moderationReports', body: reportOf(ids.eve) });
      const reportId = (made.body as { id?: string } | undefined)?.id ?? 'missing';
      return {
        write: { as: 'bob', method: 'DELETE', path: `/moderationReports/${reportId}` },
        reads: reportReads('bob', ids.bob),
      };
    },
  },
  {
    operation: 'PUT /users/{userId}/delete',
    label: 'eve schedules the deletion of her account',
    prepare: async () => ({
      write: { as: 'eve', method: 'PUT', path: `/users/${ids.eve}/delete` },
      reads: [{ as: 'eve', path: '/auth/user' }],
    }),
  },
];
