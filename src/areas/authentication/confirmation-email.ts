import { randomUUID } from 'node:crypto';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

export const CONFIRM_EMAIL_SUBJECT = 'Confirm your email address';

/**
 * POST /auth/user/resendEmail: "sends" the user another email confirmation to their address; it lands
 * in the world's outbox (GET /_mock/outbox), its token as the message's code.
 */
export function resendConfirmationEmail(sandbox: Sandbox, user: UserRecord): void {
  const token = randomUUID();
  sandbox.outbox.push({
    id: newId('eml'),
    to: user.email,
    userId: user.id,
    subject: CONFIRM_EMAIL_SUBJECT,
    body: `Confirm your email address: /api/1/auth/confirmEmail?id=${user.id}&verify_email=${token}`,
    code: token,
    sentAt: isoNow(sandbox.clock),
  });
}
