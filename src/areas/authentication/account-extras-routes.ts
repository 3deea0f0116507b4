import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.js';
import {
  cancelTotpSetup,
  disableTwoFactor,
  recoveryCodes,
  scheduleDeletion,
  startTotpSetup,
  userExists,
  verifyTotpSetup,
} from './account-extras.js';
import { currentUserView } from './accounts.js';
import { json, jsonBody, success } from '../../http/helpers.js';
import { resendConfirmationEmail } from './confirmation-email.js';
import { confirmEmail, verifyLoginPlace } from './email-links.js';
import { WEBSITE_HOME } from '../../http/website-home.js';
import { oauthRedirectCode, ssoToken } from './sso.js';
import { createAvatarModeration, deleteAvatarModeration, listAvatarModerations } from './avatar-moderations.js';
import { deleteModerationReport, listModerationReports, moderationReportView, submitModerationReport } from './moderation-reports.js';

/** Account operations that need no session. */
export const publicAccountRoutes = new Hono<AppEnv>();

publicAccountRoutes.get('/auth/exists', (c) => json(c, userExists(c.get('sandbox'), c.req.query())));

/**
 * The session's token, two-factor setup, recovery codes, account deletion, the account emails' links,
 * the requester's avatar blocks and moderation reports.
 */
export const accountRoutes = new Hono<AppEnv>();

// The token is the auth cookie's value: the one the event socket accepts as ?authToken= or ?auth=.
accountRoutes.get('/auth', (c) => json(c, { ok: true, token: c.get('session').token }));

accountRoutes.post('/auth/twofactorauth/totp/pending', (c) => json(c, startTotpSetup(c.get('sandbox'), c.get('user'))));

accountRoutes.post('/auth/twofactorauth/totp/pending/verify', async (c) =>
  json(c, verifyTotpSetup(c.get('sandbox'), c.get('user'), await jsonBody(c))),
);

accountRoutes.delete('/auth/twofactorauth/totp/pending', (c) => json(c, cancelTotpSetup(c.get('user'))));

accountRoutes.delete('/auth/twofactorauth', (c) => json(c, disableTwoFactor(c.get('user'))));

accountRoutes.get('/auth/user/twofactorauth/otp', (c) => json(c, recoveryCodes(c.get('user'))));

accountRoutes.put('/users/:userId/delete', (c) =>
  json(c, currentUserView(c.get('sandbox'), scheduleDeletion(c.get('sandbox'), c.get('user'), c.req.param('userId')))),
);

accountRoutes.post('/auth/user/resendEmail', (c) => {
  resendConfirmationEmail(c.get('sandbox'), c.get('user'));
  return json(c, success('Verification Email Sent!'));
});

// The links of the account emails: each does its work, then leads to the website's home.
accountRoutes.get('/auth/confirmEmail', (c) => {
  confirmEmail(c.get('sandbox'), c.req.query());
  return c.redirect(WEBSITE_HOME, 302);
});

accountRoutes.get('/auth/verifyLoginPlace', (c) => {
  verifyLoginPlace(c.get('user'), c.req.query());
  return c.redirect(WEBSITE_HOME, 302);
});

// Hand-offs of the session to other services: an OAuth redirect, a provider's single sign-on.
accountRoutes.get('/oauth/redirectCode', (c) => json(c, oauthRedirectCode(c.get('session').token)));

accountRoutes.get('/sso/:provider', (c) => json(c, ssoToken(c.get('sandbox'), c.get('user'), c.req.param('provider'))));

accountRoutes.get('/auth/user/avatarmoderations', (c) => json(c, listAvatarModerations(c.get('sandbox'), c.get('user'))));

accountRoutes.post('/auth/user/avatarmoderations', async (c) =>
  json(c, createAvatarModeration(c.get('sandbox'), c.get('user'), await jsonBody(c))),
);

accountRoutes.delete('/auth/user/avatarmoderations', (c) =>
  json(c, deleteAvatarModeration(c.get('sandbox'), c.get('user'), c.req.query())),
);

accountRoutes.get('/moderationReports', (c) => json(c, listModerationReports(c.get('sandbox'), c.get('user'), c.req.query())));

accountRoutes.post('/moderationReports', async (c) => {
  const sandbox = c.get('sandbox');
  return json(c, moderationReportView(sandbox, submitModerationReport(sandbox, c.get('user'), await jsonBody(c))));
});

accountRoutes.delete('/moderationReports/:moderationReportId', (c) =>
  json(c, deleteModerationReport(c.get('sandbox'), c.get('user'), c.req.param('moderationReportId'))),
);
