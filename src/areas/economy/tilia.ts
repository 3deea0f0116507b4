import { ApiError, messages } from '../../errors.js';
import type { TiliaAccountRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { ownEconomy } from './account-access.js';

/**
 * The user's account with the payment provider. A user who never opened one (most users: the live
 * service answers them so) has none to read: 400 with `message`, never an account made up for them.
 */
export function tiliaAccountOf(sandbox: Sandbox, userId: string, message: string): TiliaAccountRecord {
  const account = sandbox.tiliaAccounts.get(userId);
  if (!account) throw new ApiError(400, message);
  return account;
}

/** GET /user/{userId}/tilia/kyc: the identity check of the user's own provider account. */
export function tiliaKyc(sandbox: Sandbox, actor: UserRecord, userId: string) {
  const account = tiliaAccountOf(sandbox, ownEconomy(actor, userId).id, messages.accountInvalid);
  return {
    account_id: account.accountId,
    kyc_id: account.kycId,
    kyc_requirements: account.kycState === 'ACCEPT' ? 'NONE' : 'KYC_REQUIRED',
    match_checks: [],
    pii_level: account.piiLevel,
    rules: [],
    state: account.kycState,
    tilia_retry_rule_code: '',
  };
}
