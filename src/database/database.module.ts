import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config';
import { dataSourceOptions } from './data-source-options';
import { Database } from './database';
import { DatabaseHealth } from './database-health';
import { DatabaseStats } from './database-stats';
import { runMigrationsLocked } from './migrate';
import { PreparedStatements } from './prepared-statements';

/**
 * The connection to Postgres. Migrations run before the data source is handed to anyone, so no
 * module can query a schema that is not there yet.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (!config.database.url) throw new Error('The database URL was not resolved before the application started');
        return dataSourceOptions(config.database.url, config.database.poolSize, config.database.queryTimeoutMs, {
          webhookFirstDelayMs: config.webhooks.retryScheduleMs[0] ?? 0,
        });
      },
      dataSourceFactory: async (options?: DataSourceOptions) => {
        const applied = await runMigrationsLocked(options!);
        if (applied.length) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
        return new DataSource(options!).initialize();
      },
    }),
  ],
  providers: [Database, DatabaseHealth, DatabaseStats, PreparedStatements],
  exports: [Database, DatabaseHealth, DatabaseStats, PreparedStatements],
})
export class DatabaseModule {}
