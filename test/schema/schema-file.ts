import { join } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { runMigrationsLocked } from '../../src/database/migrate';
import { readSchemaCatalog } from './schema-catalog';
import { schemaSql } from './schema-sql';

/** The committed schema: generated, never edited by hand. */
export const SCHEMA_FILE = join(__dirname, '..', '..', 'db', 'schema.sql');

export const REGENERATE_SCHEMA_COMMAND = 'npm run db:schema';

/** Runs every migration on the (empty) database at `url`, as the service does when it boots. */
export async function migrate(url: string): Promise<void> {
  // One connection, and no statement timeout to speak of: this is a one-off, not a request (and it
  // records no event: no first delay to set).
  await runMigrationsLocked(dataSourceOptions(url, 1, 10 * 60_000, { webhookFirstDelayMs: 0 }) as DataSourceOptions);
}

/** The schema of the database at `url`, as the text of db/schema.sql. */
export async function dumpSchema(url: string): Promise<string> {
  return schemaSql(await readSchemaCatalog(url));
}
