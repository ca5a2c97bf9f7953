import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { dumpSchema, migrate, REGENERATE_SCHEMA_COMMAND, SCHEMA_FILE } from '../schema/schema-file';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** Fails with what to do: db/schema.sql is generated from the migrations, never edited by hand. */
function expectCurrent(check: () => void): void {
  try {
    check();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `db/schema.sql is not the schema the migrations make: run \`${REGENERATE_SCHEMA_COMMAND}\` and commit the result.\n(- is db/schema.sql, + what the migrations make)\n\n${detail}`,
    );
  }
}

/**
 * db/schema.sql is the one place to read the current schema (a function replaced by three
 * migrations, every trigger): it must be what the migrations make, so a migration committed
 * without its dump fails here.
 */
describe('db/schema.sql is the schema the migrations make', () => {
  const committed = readFileSync(SCHEMA_FILE, 'utf8');
  const databases: TestDatabase[] = [];
  const freshDatabase = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };
  afterAll(() => Promise.all(databases.map((database) => database.drop())));

  it('matches a freshly migrated database', async () => {
    const database = await freshDatabase();
    await migrate(database.url);
    const dumped = await dumpSchema(database.url);
    expectCurrent(() => expect(dumped).toEqual(committed));
  });

  it('rebuilds that same schema when run as a script, so it hides nothing the migrations make', async () => {
    const database = await freshDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(committed); // no parameters: the simple protocol, many statements at once
    } finally {
      await client.end();
    }
    expect(await dumpSchema(database.url)).toEqual(committed);
  });

  it('shows each function once, as it stands after the last migration that replaced it', () => {
    for (const name of ['claim_deliveries', 'claim_events', 'record_post_completed', 'new_event_id']) {
      expect(committed.split(`CREATE OR REPLACE FUNCTION public.${name}(`)).toHaveLength(2);
    }
    // The version of record_post_completed that says why a post.completed was not sent.
    expect(committed).toContain('Not sent: no webhook endpoint was set');
  });
});
