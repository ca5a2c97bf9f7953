import { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { MIGRATIONS } from '../../migrations';

/**
 * TypeORM options for the service's database. The schema comes only from migrations; the pool
 * fails fast when Postgres is unreachable so requests get a 503 instead of hanging.
 */
export function dataSourceOptions(url: string, poolSize: number): TypeOrmModuleOptions {
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
      // Bound every statement so a stuck query cannot hold a request (and a pool slot) forever.
      statement_timeout: 15_000,
      application_name: 'social-publishing',
    },
  };
}
