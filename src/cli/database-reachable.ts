import { Client } from 'pg';

/** The database cannot be reached, or refuses us; the message names where, never the password. */
export class DatabaseUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachable';
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'unknown host',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  '28P01': 'password refused',
  '28000': 'access refused',
  '3D000': 'no such database',
};

function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Connects once before the CLI builds anything on the database: an unreachable server is then one
 * clear line at once, instead of the data source's retries and their stack traces.
 */
export async function assertDatabaseReachable(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = (code && REASONS[code]) ?? (error as Error).message;
    throw new DatabaseUnreachable(
      `Cannot reach the database at ${where(url)} (${reason}). Check DATABASE_URL and that the server is running.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
