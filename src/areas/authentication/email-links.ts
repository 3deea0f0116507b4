import * as z from 'zod';
import { idOf } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';
import { parseInput } from '../../http/validation.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { LIMITS } from '../../limits.js';
import { CONFIRM_EMAIL_SUBJECT } from './confirmation-email.js';
import { currentUserView } from './accounts.js';

const ConfirmEmailQuery = lazy(() => z.object({ id: idOf('usr'), verify_email: z.string().min(1) }));

/**
 * GET /auth/confirmEmail, the link of a confirmation email: a token the world sent that user (it is
 * in the outbox) marks their email verified. Any other token changes nothing; the link leads to the
 * website's home either way, as a link opened in a browser does.
 */
export function confirmEmail(sandbox: Sandbox, query: Record<string, string>): void {
  const { id, verify_email: token } = parseInput(ConfirmEmailQuery, query);
  const user = sandbox.users.get(id);
  if (!user || user.emailVerified) return;
  const sent = sandbox.outbox.some((email) => email.userId === id && email.code === token && email.subject === CONFIRM_EMAIL_SUBJECT);
  if (!sent) return;
  user.emailVerified = true;
  sandbox.pipeline.emit({ type: 'user-update', to: [user.id], content: { userId: user.id, user: currentUserView(sandbox, user) } });
}

const VerifyLoginPlaceQuery = lazy(() => z.object({ userId: idOf('usr').optional(), token: z.string().min(1) }));

/**
 * GET /auth/verifyLoginPlace: records the token as a login place the requester verified (a `userId`
 * naming someone else changes nothing); the oldest are forgotten past the limit.
 */
export function verifyLoginPlace(actor: UserRecord, query: Record<string, string>): void {
  const { userId, token } = parseInput(VerifyLoginPlaceQuery, query);
  const places = actor.verifiedLoginPlaces;
  if ((userId !== undefined && userId !== actor.id) || places.includes(token)) return;
  places.push(token);
  const max = LIMITS.verifiedLoginPlacesPerUser.value;
  if (places.length > max) places.splice(0, places.length - max);
}
