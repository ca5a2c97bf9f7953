import { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { MIGRATIONS } from '../../migrations';

/**
 * TypeORM options for the service's database. The schema comes only from migrations; the pool
 * fails fast when Postgres is unreachable so requests get a 503 instead of hanging.
 */
export function dataSourceOptions(url: string, poolSize: number, queryTimeoutMs: number): TypeOrmModuleOptions {
  return {
    type: 'postgres',
    url,
    // Each feature module registers its own entities with TypeOrmModule.forFeature.
    autoLoadEntities: true,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
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
    },
  };
}
