import * as z from 'zod';
import { messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { parseInput } from '../../http/validation.js';
import { derivedId } from '../../store/ids.js';
import type { TiliaAccountRecord } from '../../store/records/account-economy.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { ownEconomy } from './account-access.js';

/** The payment provider answers for the whole world: the economy is online. */
export const tiliaStatus = () => ({ economyOnline: true, economyState: 1 });

/** A user who never dealt with the provider has an account in its first state: no terms signed, no KYC. */
export function tiliaAccountOf(sandbox: Sandbox, userId: string): TiliaAccountRecord {
  return (
    sandbox.tiliaAccounts.get(userId) ?? {
      userId,
      accountId: derivedId('acct', userId),
      signedTos: false,
      kycId: '',
      kycState: 'NONE',
      piiLevel: 'NONE',
    }
  );
}

export function tiliaKyc(sandbox: Sandbox, actor: UserRecord, userId: string) {
  const account = tiliaAccountOf(sandbox, ownEconomy(actor, userId).id);
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

export const tiliaTos = (sandbox: Sandbox, actor: UserRecord, userId: string) => ({
  signed_tos: tiliaAccountOf(sandbox, ownEconomy(actor, userId).id).signedTos,
});

const TosRequest = lazy(() => z.object({ accepted: z.boolean('must be a boolean') }));

/** Accepting signs the provider's terms, and `accepted: false` withdraws the signature. */
export function updateTiliaTos(sandbox: Sandbox, actor: UserRecord, userId: string, body: unknown) {
  const user = ownEconomy(actor, userId, messages.tiliaTosOfOthers);
  const { accepted } = parseInput(TosRequest, body);
  const account = tiliaAccountOf(sandbox, user.id);
  sandbox.tiliaAccounts.set(user.id, { ...account, signedTos: accepted });
  return { signed_tos: accepted };
}

/** A seller needs the provider's terms signed and their identity checked. */
export function sellerEligibility(sandbox: Sandbox, actor: UserRecord) {
  const account = tiliaAccountOf(sandbox, actor.id);
  return { eligible: account.signedTos && account.kycState === 'ACCEPT' };
}
