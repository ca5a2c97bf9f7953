import { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { MIGRATIONS } from '../../migrations';

/**
 * The connection's setting that holds the delay before an event's first webhook attempt (the retry
 * schedule's first entry), read by the database's webhook_first_delay(): record_event, which both
 * the application and the post.completed trigger record events through, and a resend use it.
 */
export const WEBHOOK_FIRST_DELAY_SETTING = 'sps.webhook_first_delay_ms';

/** What the service sets on each of its connections, beyond the pool's own options. */
export interface SessionSettings {
  /** WEBHOOK_RETRY_SCHEDULE's first entry, in milliseconds (0 when the schedule is empty). */
  webhookFirstDelayMs: number;
}

/**
 * TypeORM options for the service's database. The schema comes only from migrations; the pool
 * fails fast when Postgres is unreachable so requests get a 503 instead of hanging.
 */
export function dataSourceOptions(
  url: string,
  poolSize: number,
  queryTimeoutMs: number,
  session: SessionSettings,
): TypeOrmModuleOptions {
  const startup = startupOptions(url, session);
  return {
    type: 'postgres',
    url: startup.url,
    // Each feature module registers its own entities with TypeOrmModule.forFeature.
    autoLoadEntities: true,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    // TypeORM hands `extra` to node-postgres's Pool as they are, and the pool to each client.
    extra: {
      max: poolSize,
      connectionTimeoutMillis: 3_000,
      idleTimeoutMillis: 30_000,
      // Bound every statement on the server, and every wait for an answer on the client: a server
      // that stops answering (frozen, partitioned) must not hold a request and a pool slot forever.
      statement_timeout: Math.max(100, queryTimeoutMs - 1_000),
      query_timeout: queryTimeoutMs,
      keepAlive: true,
      application_name: 'social-publishing',
      ...(startup.options === undefined ? {} : { options: startup.options }),
    },
  };
}

/**
 * The session settings go in the startup packet's `options` (`-c name=value`, as libpq's
 * PGOPTIONS): set before the connection's first statement, with no round trip of their own. An
 * `options` the URL already carries would win over the pool's (node-postgres reads the URL last),
 * so then ours is added to the URL's; otherwise it follows PGOPTIONS, which the pool's would hide.
 */
export function startupOptions(url: string, session: SessionSettings): { url: string; options?: string } {
  const ours = `-c ${WEBHOOK_FIRST_DELAY_SETTING}=${Math.max(0, Math.round(session.webhookFirstDelayMs))}`;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.searchParams.has('options')) {
    parsed.searchParams.set('options', `${parsed.searchParams.get('options')} ${ours}`.trim());
    return { url: parsed.toString() };
  }
  return { url, options: [process.env.PGOPTIONS, ours].filter(Boolean).join(' ') };
}
