import type { BalanceRecord } from '../../store/records/shop.js';
import type { UserRecord } from '../../store/records/user.js';
import type { World } from '../../store/world.js';
import { knownUser, requireSelf } from './shop-access.js';

/** A user's balance record, made (empty) the first time their tokens move. */
export function balanceOf(world: World, userId: string): BalanceRecord {
  let record = world.balances.get(userId);
  if (!record) {
    record = { userId, standard: 0, earnings: 0 };
    world.balances.set(userId, record);
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

const hasTransactions = (world: World, userId: string) => {
  for (const purchase of world.purchases.values()) if (purchase.buyerId === userId || purchase.sellerId === userId) return true;
  return false;
};

/** The requester's own balance: `part` picks all tokens or earnings alone. */
export function balanceView(world: World, actor: UserRecord, userId: string, part: 'all' | 'earnings') {
  requireSelf(actor, knownUser(world, userId).id);
  const record = world.balances.get(userId) ?? { userId, standard: 0, earnings: 0 };
  return {
    balance: part === 'all' ? totalOf(record) : record.earnings,
    noTransactions: !hasTransactions(world, userId),
    tiliaResponse: true,
  };
}

export function economyBalancesView(world: World, actor: UserRecord, userId: string) {
  requireSelf(actor, knownUser(world, userId).id);
  const record = world.balances.get(userId) ?? { userId, standard: 0, earnings: 0 };
  return { balance: totalOf(record), standard: record.standard, earnings: record.earnings };
}

/** The economy account: who may spend, earn and be paid out. */
export function economyAccountView(world: World, actor: UserRecord, userId: string) {
  const user = knownUser(world, userId);
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
