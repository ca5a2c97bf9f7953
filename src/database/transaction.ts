import type { EntityManager } from 'typeorm';

declare const opened: unique symbol;

/**
 * An open transaction, as `Database.transaction()` hands it out. Services hold it and pass it to
 * stores; only `Database` looks inside (stores run their statements in it through `Database`), so
 * a service cannot run a statement of its own in it, and an EntityManager cannot pass for one.
 */
export interface Transaction {
  readonly [opened]: true;
}

/** The EntityManager behind a transaction: for src/database only. */
export function managerOf(transaction: Transaction): EntityManager {
  return transaction as unknown as EntityManager;
}

/** A transaction TypeORM opened, as services see it: for src/database only. */
export function asTransaction(manager: EntityManager): Transaction {
  return manager as unknown as Transaction;
}
