import type { BalanceRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { Sandbox } from '../../store/sandbox.js';
import { knownUser, requireSelf } from './shop-access.js';

/** A user's balance record, made (empty) the first time their tokens move. */
export function balanceOf(sandbox: Sandbox, userId: string): BalanceRecord {
  let record = sandbox.balances.get(userId);
  if (!record) {
    record = { userId, standard: 0, earnings: 0 };
    sandbox.balances.set(userId, record);
  }
  return record;
}

export const totalOf = (record: BalanceRecord) => record.standard + record.earnings;

/** Spends bought tokens first, then earnings. The caller has checked the total covers `amount`. */
export function spend(record: BalanceRecord, amount: number): void {
  const fromStandard = Math.min(record.standard, amount);
  record.standard -= fromStandard;
  record.earnings -= amount - fromStandard;
}

const hasTransactions = (sandbox: Sandbox, userId: string) => {
  for (const purchase of sandbox.purchases.values()) if (purchase.buyerId === userId || purchase.sellerId === userId) return true;
  return false;
};

/** The requester's own balance: all their tokens. */
export function balanceView(sandbox: Sandbox, actor: UserRecord, userId: string) {
  requireSelf(actor, knownUser(sandbox, userId).id);
  const record = sandbox.balances.get(userId) ?? { userId, standard: 0, earnings: 0 };
  return {
    balance: totalOf(record),
    noTransactions: !hasTransactions(sandbox, userId),
    tiliaResponse: true,
  };
}

export function economyBalancesView(sandbox: Sandbox, actor: UserRecord, userId: string) {
  requireSelf(actor, knownUser(sandbox, userId).id);
  const record = sandbox.balances.get(userId) ?? { userId, standard: 0, earnings: 0 };
  return { balance: totalOf(record), standard: record.standard, earnings: record.earnings };
}

/** The economy account: who may spend, earn and be paid out. */
export function economyAccountView(sandbox: Sandbox, actor: UserRecord, userId: string) {
  const user = knownUser(sandbox, userId);
  requireSelf(actor, user.id);
  return {
    userId: user.id,
    accountId: null,
    accountActivatedOn: null,
    accountSellerRegisteredOn: null,
    accountSellerStatus: null,
    blocked: false,
    canSpend: true,
    canEarn: user.isEconomyCreator,
    canPayout: false,
    skrillEmail: null,
    source: 'simulated',
    tiliaId: null,
    tiliaType: null,
  };
}
