import { DataSource, EntityManager } from 'typeorm';
import type { LockedScanResult } from '../database/database';

export type { LockedScanResult } from '../database/database';

/**
 * (Database.lockedScan replaces this; it stays until the scans of token-lifecycle, metrics and
 * comments call that instead.)
 *
 * Runs one periodic scan (a due query and the jobs it queues) in a transaction that holds the
 * transaction-scoped advisory lock `lockId`. Many instances may scan at once: the lock lets one of
 * them through and the others skip, and it is released when the transaction ends, also on a crash.
 */
export function runLockedScan<T extends object>(
  dataSource: DataSource,
  lockId: number,
  work: (transaction: EntityManager) => Promise<T>,
): Promise<LockedScanResult<T>> {
  return dataSource.transaction(async (transaction): Promise<LockedScanResult<T>> => {
    const [{ locked }] = (await transaction.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [lockId])) as [
      { locked: boolean },
    ];
    if (!locked) return { ran: false };
    return { ran: true, ...(await work(transaction)) };
  });
}
