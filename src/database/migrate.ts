import { DataSource, DataSourceOptions } from 'typeorm';
import { ADVISORY_LOCK_IDS } from './advisory-locks';

/**
 * Runs pending migrations while holding a Postgres advisory lock, so instances that boot together
 * migrate one after the other instead of racing. Each migration runs in its own transaction.
 *
 * It uses a connection of its own without the timeouts that bound ordinary queries: waiting for
 * another instance's migrations, or building a large index, may rightly take longer.
 */
export async function runMigrationsLocked(options: DataSourceOptions): Promise<string[]> {
  const extra = { ...(options as { extra?: Record<string, unknown> }).extra };
  delete extra.statement_timeout;
  delete extra.query_timeout;
  const migrator = await new DataSource({ ...options, extra: { ...extra, max: 1 } } as DataSourceOptions).initialize();
  try {
    await migrator.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_IDS.migrations]);
    try {
      const applied = await migrator.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await migrator.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_IDS.migrations]);
    }
  } finally {
    await migrator.destroy();
  }
}
