import { randomInt } from 'node:crypto';
import { isoNow } from '../../store/clock.js';
import { newId } from '../../store/ids.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';

const EMAIL_CODE_TTL_MS = 10 * 60_000;

/** "Sends" a login code by email: it lands in the world's outbox and finishes the pending login. */
export function sendEmailOtp(sandbox: Sandbox, user: UserRecord): void {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  sandbox.emailOtps.set(user.id, { code, expiresAt: sandbox.clock.now() + EMAIL_CODE_TTL_MS });
  sandbox.outbox.push({
    id: newId('eml'),
    to: user.email,
    userId: user.id,
    subject: 'Your one-time login code',
    body: `Your login code is ${code}. It expires in 10 minutes.`,
    code,
    sentAt: isoNow(sandbox.clock),
  });
}

/** Whether `code` is the user's live email code; a good code is used up. */
export function takeEmailOtp(sandbox: Sandbox, user: UserRecord, code: string): boolean {
  const sent = sandbox.emailOtps.get(user.id);
  if (!sent || sent.expiresAt <= sandbox.clock.now() || sent.code !== code.trim()) return false;
  sandbox.emailOtps.delete(user.id);
  return true;
}
