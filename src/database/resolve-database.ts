import { join } from 'node:path';
import { Logger } from 'pino';
import { AppConfig } from '../config';
import { startLocalDatabase } from './embedded/local-database';

export interface ResolvedDatabase {
  config: AppConfig;
  /** Stops the embedded server if this process started it; otherwise does nothing. */
  stop(): Promise<void>;
}

/**
 * With DATABASE_URL set, that server is used as it is. Without it, the embedded PostgreSQL under
 * DATA_DIR is started (or reused if it already runs), so a fresh machine needs nothing else.
 */
export async function resolveDatabase(config: AppConfig, logger: Logger): Promise<ResolvedDatabase> {
  if (config.database.url) return { config, stop: async () => undefined };
  const local = await startLocalDatabase({ dataDir: join(config.dataDir), port: config.database.embeddedPort });
  if (local.relocated) {
    logger.warn(
      { databaseDir: local.databaseDir, dataDir: config.dataDir },
      `Run as root, the embedded PostgreSQL runs as the "postgres" user, which cannot reach DATA_DIR: its data is kept in ${local.databaseDir}`,
    );
  }
  logger.warn(
    { port: local.port, dataDir: config.dataDir, databaseDir: local.databaseDir, startedHere: local.startedHere },
    'DATABASE_URL is not set: using the embedded PostgreSQL (for local use; set DATABASE_URL in production)',
  );
  return { config: { ...config, database: { ...config.database, url: local.url } }, stop: () => local.stop() };
}
