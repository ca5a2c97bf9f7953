import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** A pool's connections as pg counts them. */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/**
 * What the database tells the metrics: the service pool's connections, and each statement that
 * fails. TypeORM reports every statement that fails on its connections to its logger (whatever
 * `logging` says: the logger then decides whether to write it), and the hot prepared statements,
 * sent on the pool directly, report theirs the same way (PreparedStatements).
 */
@Injectable()
export class DatabaseStats {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The service's pool (the job queue has its own), or undefined before the data source connects. */
  pool(): PoolCounts | undefined {
    return (this.dataSource.driver as PostgresDriver).master as Pool | undefined;
  }

  /** Calls `listener` for every statement that fails from now on. */
  onQueryError(listener: () => void): void {
    const logger = this.dataSource.logger;
    const logQueryError = logger.logQueryError.bind(logger);
    logger.logQueryError = (...args: Parameters<typeof logQueryError>) => {
      listener();
      return logQueryError(...args);
    };
  }
}
