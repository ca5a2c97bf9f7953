import { DataSource } from 'typeorm';

/** An arbitrary constant naming "schema migrations" among the advisory locks of this database. */
const MIGRATION_LOCK_ID = 7_310_442_001;

/**
 * Runs pending migrations while holding a Postgres advisory lock, so instances that boot together
 * migrate one after the other instead of racing. Each migration runs in its own transaction.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const lockHolder = dataSource.createQueryRunner();
  await lockHolder.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lockHolder.release();
  }
}
