import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  /** Runs SQL directly, outside the app (to look at what the service stored). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, empty database on the test server; the app migrates it when it boots. */
export async function createTestDatabase(adminUrl = process.env.TEST_DATABASE_ADMIN_URL): Promise<TestDatabase> {
  if (!adminUrl) throw new Error('TEST_DATABASE_ADMIN_URL is not set (the e2e global setup sets it)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const client = new Client({ connectionString: url });
  // The server may be stopped under this client (outage tests, the end of the run): not a crash.
  client.on('error', () => undefined);
  await client.connect();
  return {
    url,
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    drop: async () => {
      await client.end();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
