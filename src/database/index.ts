/** What other modules may use from database/: everything else in the folder is its own. */
export { ADVISORY_LOCK_IDS, postEditLockKey } from './advisory-locks';
export { DatabaseHealth } from './database-health';
export { DatabaseStats } from './database-stats';
export type { PoolCounts } from './database-stats';
export { DatabaseModule } from './database.module';
export { Database } from './database';
export type { LockedScanResult } from './database';
export { LocalDatabaseError } from './embedded/local-database-error';
export { PgListener } from './pg-listener';
export { fromPrefixedRow, prefixedColumns } from './raw-rows';
export { resolveDatabase } from './resolve-database';
export type { Transaction } from './transaction';
